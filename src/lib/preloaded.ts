import { createContext, useContext } from 'react';

/**
 * Data the server rendered a page with, embedded in the page as JSON (`<script type="application/json">`,
 * which a CSP without inline scripts allows) so the SPA hydrates the same markup without fetching it again.
 * Valid for the page the browser loaded: the app drops it at the first client-side navigation, so later
 * pages load (and show their loading texts) as before.
 */
export type Preloaded = Record<string, unknown>;

export const PRELOADED_ELEMENT_ID = 'preloaded-data';

/** What each page's data is called in the embedded JSON (the server writes, the routes read). */
export const PRELOAD = {
  programs: 'programs',
  program: (id: number | string) => `program:${id}`,
  faculty: 'faculty',
  workshopsUpcoming: 'workshops:upcoming',
  successStories: 'success-stories',
  resources: 'resources',
  config: 'config',
} as const;

export const PreloadedContext = createContext<Preloaded>({});

export const usePreloaded = (key: string): unknown => useContext(PreloadedContext)[key];

/** The embedded data of the page the browser loaded, or nothing. */
export function readPreloaded(): Preloaded {
  const element = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const data = JSON.parse(element.textContent) as unknown;
    return data && typeof data === 'object' ? (data as Preloaded) : {};
  } catch {
    return {};
  }
}

/** JSON safe inside a `<script>` element: `<` escaped so no `</script>` or `<!--` ends it early. */
export function serializePreloaded(data: Preloaded): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
