import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { PRELOADED_ELEMENT_ID } from '../../../src/lib/preloaded.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export const BASE = 'https://www.creditcareers.example.in';
export let ctx: TestContext;
export let admin: TestUser;
export let dir: string;

export async function page(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
}

export const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
/** The text of the rendered app (tags dropped), for "does the page say X". */
export function rootText(html: string): string {
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json"|<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(
      html,
    );
  const inner = root?.[1] ?? root?.[2] ?? '';
  return decode(inner.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}
export const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
export const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
/** The data the page embeds for the SPA to hydrate from (`{}` when it embeds none). */
export function preloaded(html: string): Record<string, unknown> {
  const m = new RegExp(`<script type="application/json" id="${PRELOADED_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}
export function jsonLd(html: string): Record<string, unknown>[] {
  return [...headOf(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** The server-rendering files' app with its built SPA, made before a file's tests, closed (and removed) after. */
export function useServerRenderingApp(): void {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-'));
    // The shape of the built index.html (vite build): a default title and description the server replaces.
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      [
        '<!doctype html>',
        '<html lang="en-IN">',
        '  <head>',
        '    <meta charset="UTF-8" />',
        '    <meta',
        '      name="description"',
        '      content="Default description."',
        '    />',
        '    <title>Credit Careers Institute</title>',
        '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
        '  </head>',
        '  <body>',
        '    <div id="root"></div>',
        '  </body>',
        '</html>',
      ].join('\n'),
    );
    ctx = await createTestApp({ seed: true, config: { staticDir: dir, publicBaseUrl: BASE } });
    admin = await ctx.user('ssradmin', 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
}
