import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Program, type Workshop } from '../../contract/index.ts';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { inlineScriptsRefused, visibleText } from './support/csp.ts';

/**
 * Every public page's first HTML stays complete and visible however long the catalogue gets: React
 * writes every Suspense boundary in place (no hidden segment moved by an inline script, which the
 * site's own Content-Security-Policy would refuse, leaving the list hidden), so with 8, 9, 50 or 500
 * programs the page shows every card, carries no inline script the CSP header refuses, and one h1.
 */

let ctx: TestContext;
let admin: TestUser;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-scale-'));
  // The shape of the built index.html: its one script is external (allowed by script-src 'self').
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="en-IN">',
      '  <head>',
      '    <meta charset="UTF-8" />',
      '    <title>Credit Careers Institute</title>',
      '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  ctx = await createTestApp({ config: { staticDir: dir } });
  admin = await ctx.user('scaleadmin', 'admin');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, csp: String(res.headers['content-security-policy'] ?? '') };
}

async function growTo(programs: number, workshops: number) {
  const have = ((await ctx.request({ url: API.programs.list })).body as Program[]).length;
  for (let i = have; i < programs; i++) {
    // Long titles and descriptions, so that each card is as heavy as a real one.
    await createProgram(ctx, admin.access, {
      title: `Credit Analyst Programme ${String(i + 1).padStart(3, '0')}`,
      description: `Ratio analysis, CMA data, cash-flow lending and credit appraisal notes, batch ${i + 1}. `.repeat(3),
    });
  }
  const upcoming = (await ctx.request({ url: `${API.workshops.list}?upcoming=true` })).body as Workshop[];
  for (let i = upcoming.length; i < workshops; i++) {
    await createWorkshop(ctx, admin.access, {
      title: `Term Loan Appraisal Workshop ${String(i + 1).padStart(3, '0')}`,
      date: new Date(Date.now() + (i + 2) * 86_400_000).toISOString(),
    });
  }
}

describe.each([8, 9, 50, 500])('with %i programs', (count) => {
  beforeAll(async () => growTo(count, Math.min(count, 60)), 300_000);

  it('every public page: complete visible HTML, no inline script the CSP refuses, one h1', async () => {
    for (const route of PUBLIC_PAGES) {
      const { status, html, csp } = await page(route);
      expect(status, route).toBe(200);
      expect(csp, route).toContain('script-src');
      expect(inlineScriptsRefused(html, csp), route).toEqual([]);
      expect(html.match(/<h1[\s>]/g), route).toHaveLength(1);
      // Nothing rendered into a hidden holder or a boundary template waiting for a script.
      expect(html, route).not.toMatch(/<div hidden|<template/);
    }
  });

  it('/programs shows every card; /workshops every upcoming workshop', async () => {
    const programs = (await ctx.request({ url: API.programs.list })).body as Program[];
    expect(programs).toHaveLength(count);
    const { html } = await page('/programs');
    const text = visibleText(html);
    for (const program of programs) {
      expect(text).toContain(program.title);
      expect(html).toContain(`href="/programs/${program.id}"`);
    }
    const workshops = (await ctx.request({ url: `${API.workshops.list}?upcoming=true` })).body as Workshop[];
    expect(workshops).toHaveLength(Math.min(count, 60));
    const workshopsText = visibleText((await page('/workshops')).html);
    for (const workshop of workshops) expect(workshopsText).toContain(workshop.title);
  });
});
