import type { BrowserContext, Page } from 'playwright-core';

/**
 * The layout tests run in two system fonts, forced on every element (a stylesheet injected before the
 * page's own scripts run), so that they do not depend on what this machine's fontconfig picks for the
 * app's `system-ui` stack: DejaVu Sans, Debian's default and among the widest common sans-serif faces
 * (Debian package fonts-dejavu-core), and DejaVu Sans Condensed, a narrow one (fonts-dejavu-extra).
 * `npm test` installs both (scripts/test-all/machine.ts, ensureChromium).
 */
export const LAYOUT_FONTS = ['DejaVu Sans', 'DejaVu Sans Condensed'] as const;
export type LayoutFont = (typeof LAYOUT_FONTS)[number];

export async function forceFont(context: BrowserContext, family: LayoutFont): Promise<void> {
  const css = `html, body, body *:not(svg):not(svg *) { font-family: "${family}", sans-serif !important; }`;
  // A string, not a function: nothing of the test's own compilation (helpers) reaches the page.
  await context.addInitScript({
    content: `(() => {
      const style = document.createElement('style');
      style.dataset.e2eFont = ${JSON.stringify(family)};
      style.textContent = ${JSON.stringify(css)};
      const add = () => (document.head || document.documentElement).appendChild(style);
      if (document.documentElement) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    })();`,
  });
}

/**
 * The forced font is really this machine's font of that name: a sample of text is measurably narrower
 * in the condensed face than in the regular one (a missing font would fall back to the same face twice).
 */
export async function fontsDiffer(page: Page): Promise<{ regular: number; condensed: number }> {
  return page.evaluate(([regular, condensed]) => {
    const width = (family: string) => {
      const span = document.createElement('span');
      span.textContent = 'Programs Workshops Placement Resources';
      span.style.cssText = `font-family: "${family}", monospace !important; font-size: 16px; position: absolute; white-space: nowrap;`;
      document.body.appendChild(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    };
    return { regular: width(regular!), condensed: width(condensed!) };
  }, LAYOUT_FONTS);
}
