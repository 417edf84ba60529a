import { describe, expect, it } from 'vitest';
import { pageTitle, titled } from '../../contract/index.ts';
import { NOT_FOUND_TEXT, PAGE_TEXT } from '../../server/platform/ssr/meta.ts';

describe('page titles', () => {
  it('are the server-rendered head’s titles for every public page, so hydration changes nothing', () => {
    for (const [path, text] of Object.entries(PAGE_TEXT)) expect(pageTitle(path), path).toBe(text.title);
    expect(pageTitle('/nowhere')).toBe(NOT_FOUND_TEXT.title);
  });

  it('differ for every page, name a program’s page by its program, and ignore a trailing slash', () => {
    const paths = [...Object.keys(PAGE_TEXT), '/forgot-password', '/reset-password', '/dashboard', '/admin'];
    const titles = paths.map(pageTitle);
    expect(new Set(titles).size).toBe(paths.length);
    expect(pageTitle('/payment/program/3')).toBe(titled('Checkout'));
    expect(pageTitle('/programs/3')).toBeNull();
    expect(pageTitle('/dashboard/')).toBe(pageTitle('/dashboard'));
  });
});
