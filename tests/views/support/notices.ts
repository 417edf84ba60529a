import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for a success notice by its text and checks it is announced as a status. Looking the text up
 * (rather than the first role="status") matters: lazy routes and reloading lists show their own
 * "Loading..." status first.
 */
export async function expectSuccessNotice(text: string | RegExp, container: HTMLElement = document.body) {
  const node = await screen.findByText(
    (_, element) =>
      element !== null &&
      element.getAttribute('role') === 'status' &&
      container.contains(element) &&
      (typeof text === 'string' ? (element.textContent ?? '').includes(text) : text.test(element.textContent ?? '')),
    {},
    { timeout: 10_000 },
  );
  expect(node).toBeVisible();
}
