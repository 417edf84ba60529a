import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { decoded } from '../../scripts/bench/exam-client.ts';
import { precompressDir } from '../../scripts/vite-precompress.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * What a browser and a cache see of the public site: compression by content negotiation, ETags with 304, and
 * the HTTP status of pages (a built SPA in a temporary dir). A crawler's robots.txt and sitemap.xml:
 * robots-sitemap.test.ts.
 */

const BASE = 'https://www.creditcareers.example.in';
const ASSET = 'assets/index-abc123.js';
let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Credit Careers Institute</title></head><body><div id="root"></div></body></html>',
  );
  // Big enough to be precompressed, varied enough that the encodings differ from the identity.
  const js = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i * 7} + "${i.toString(36)}";`).join(
    '\n',
  );
  fs.writeFileSync(path.join(dir, ASSET), js);
  await precompressDir(dir);
  ctx = await createTestApp({ seed: true, config: { staticDir: dir, publicBaseUrl: BASE } });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function activeAndArchivedPrograms() {
  const programs = await ctx.db.selectFrom('programs').select(['id', 'is_active']).orderBy('id').execute();
  return programs;
}

describe('compression', () => {
  it('API JSON over the threshold: brotli and gzip decode to the identity bytes, Vary: Accept-Encoding', async () => {
    const plain = await get(API.programs.list);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(API.programs.list, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(res.rawPayload, encoding).equals(plain.rawPayload)).toBe(true);
    }
    // A kept answer, compressed once at the best: the browser's usual header picks brotli.
    expect((await get(API.programs.list, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe(
      'br',
    );
  });

  it('a one-off answer (the faculty list, written per request): gzip for a browser, brotli if only that', async () => {
    const plain = (await get(API.faculty.list)).rawPayload;
    expect(plain.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'gzip'],
      ['br', 'br'],
    ] as const) {
      const res = await get(API.faculty.list, { 'accept-encoding': accept });
      expect([res.headers['content-encoding'], res.rawPayload.length < plain.length / 2]).toEqual([encoding, true]);
      expect(decoded(res.rawPayload, encoding).equals(plain)).toBe(true);
    }
  });

  it('small answers go out uncompressed', async () => {
    const res = await get(API.config, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('hashed assets: precompressed files by Accept-Encoding, same bytes after decoding, cached a year', async () => {
    const plain = await get(`/${ASSET}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(fs.readFileSync(path.join(dir, ASSET)))).toBe(true);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(`/${ASSET}`, { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const suffix = encoding === 'br' ? '.br' : '.gz';
      expect(res.rawPayload.equals(fs.readFileSync(path.join(dir, `${ASSET}${suffix}`)))).toBe(true);
      expect(decoded(res.rawPayload, encoding).equals(plain.rawPayload)).toBe(true);
    }
  });
});

describe('ETags and 304', () => {
  it('an API list answers 304 while unchanged and 200 with a new ETag after an admin edit', async () => {
    const first = await get(API.programs.list);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(API.programs.list, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A compressed answer carries the same validator: the tag is of the identity bytes.
    expect((await get(API.programs.list, { 'accept-encoding': 'br' })).headers.etag).toBe(etag);
    expect((await get(API.programs.list, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

    const admin = await ctx.user('etagadmin', 'admin');
    const [program] = await activeAndArchivedPrograms();
    const detail = (await ctx.request({ url: API.programs.detail(program!.id) })).body as Record<string, unknown>;
    const edited = await ctx.request({
      method: 'PUT',
      url: API.programs.update(program!.id),
      token: admin.access,
      body: { ...detail, instructor_id: null, price: Number(detail.price) + 1 },
    });
    expect(edited.status).toBe(200);
    const changed = await get(API.programs.list, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('pages are revalidated: no-cache with an ETag, 304 when unchanged', async () => {
    const page = await get('/programs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    expect((await get('/programs', { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);
  });
});

describe('page status', () => {
  it('every public page answers 200 and may be indexed', async () => {
    for (const page of PUBLIC_PAGES) {
      const res = await get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['x-robots-tag'], page).toBeUndefined();
      expect(res.body, page).not.toContain('noindex');
    }
  });

  it('an unknown URL answers 404 with the app (its not-found page) and noindex', async () => {
    for (const url of ['/no-such-page', '/programs/abc', '/programs/999999', '/about/team', '/payment/course/1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
  });

  it("a program's page answers 200 while active and 410 once archived", async () => {
    const [program] = await activeAndArchivedPrograms();
    expect((await get(`/programs/${program!.id}`)).statusCode).toBe(200);
    await ctx.db.updateTable('programs').set({ is_active: 0 }).where('id', '=', program!.id).execute();
    try {
      const gone = await get(`/programs/${program!.id}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.body).toContain('noindex');
    } finally {
      await ctx.db.updateTable('programs').set({ is_active: 1 }).where('id', '=', program!.id).execute();
    }
  });

  it('a login form posted before the page was interactive is never processed: 303 back to the page', async () => {
    for (const form of ['/login', '/register', '/contact', '/login?next=%2Fdashboard']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=admin&password=admin123',
      });
      expect(res.statusCode, form).toBe(303);
      expect(res.headers.location).toBe(form);
      expect(res.body).toBe('');
    }
  });

  it('private pages are served for the SPA to guard, never indexed', async () => {
    for (const url of [
      ...['/dashboard', '/admin', '/payment/program/1', '/forgot-password', '/reset-password?token=abc'],
      // Signed-in pages loaded directly (a bookmark, a reload): the shell with 200, not the not-found page.
      ...[
        '/account',
        '/learn/12',
        '/teach',
        ...['/teach/questions', '/teach/tests', '/teach/tests/5'],
        '/teach/batches/3',
        '/teach/batches/3/assignments',
        '/teach/assignments/4',
      ],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag']).toBe('noindex');
    }
  });
});
