import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A server's refusal is shown where the person acted (decision 068): the words sit inside the form, dialog or
 * card that was sent, in an alert that takes the keyboard focus (so the browser scrolls to it and reads it).
 */
export async function expectRefusalAt(words: string, box: () => HTMLElement): Promise<void> {
  await waitFor(() => expect(document.activeElement).toHaveTextContent(words));
  const focused = document.activeElement as HTMLElement;
  expect(focused).toHaveAttribute('role', 'alert');
  expect(box().contains(focused)).toBe(true);
}

/** The form holding the button of this name. */
export const formOf = (name: string | RegExp) => () => screen.getByRole('button', { name }).closest('form')!;
