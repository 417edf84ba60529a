import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { precompressDir } from '../../scripts/vite-precompress.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * What a browser, a crawler and a cache see of the public site: robots.txt, sitemap.xml, compression by
 * content negotiation, ETags with 304, and the HTTP status of pages (a built SPA in a temporary dir).
 */

// jsdom (the views' environment) parses the sitemap as XML; it ships no type declarations.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

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

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function activeAndArchivedPrograms() {
  const programs = await ctx.db.selectFrom('programs').select(['id', 'is_active']).orderBy('id').execute();
  return programs;
}

describe('robots.txt', () => {
  it('allows the public site, keeps private areas out and points at the sitemap by its absolute URL', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const privatePath of [
      '/dashboard',
      '/admin',
      '/forgot-password',
      '/reset-password',
      '/payment/',
      '/learn/',
      '/api/',
      '/classroom/',
      '/auth/',
    ]) {
      expect(lines).toContain(`Disallow: ${privatePath}`);
    }
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // Every line is a directive a crawler understands, or blank.
    for (const line of lines) expect(line).toMatch(/^((User-agent|Allow|Disallow|Sitemap): \S+)?$/);
  });
});

describe('sitemap.xml', () => {
  async function sitemapLocs(): Promise<string[]> {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const doc = new new JSDOM('').window.DOMParser().parseFromString(res.body, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.documentElement.localName).toBe('urlset');
    const urls = Array.from(doc.getElementsByTagName('url'));
    for (const url of urls) {
      const lastmod = url.getElementsByTagName('lastmod')[0]?.textContent;
      if (lastmod) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    return urls.map((url) => url.getElementsByTagName('loc')[0]?.textContent ?? '');
  }

  it('lists every public page and every active program by absolute URL, and nothing archived', async () => {
    const programs = await activeAndArchivedPrograms();
    const archived = programs[0]!;
    await ctx.db.updateTable('programs').set({ is_active: 0 }).where('id', '=', archived.id).execute();
    try {
      const locs = await sitemapLocs();
      for (const page of PUBLIC_PAGES) expect(locs).toContain(`${BASE}${page}`);
      const active = programs.filter((p) => p.id !== archived.id && p.is_active);
      expect(active.length).toBeGreaterThan(2);
      for (const program of active) expect(locs).toContain(`${BASE}/programs/${program.id}`);
      expect(locs).not.toContain(`${BASE}/programs/${archived.id}`);
      expect(new Set(locs).size).toBe(locs.length);
      expect(locs.length).toBe(PUBLIC_PAGES.length + active.length);
      for (const loc of locs) expect(loc.startsWith(`${BASE}/`)).toBe(true);
    } finally {
      await ctx.db.updateTable('programs').set({ is_active: 1 }).where('id', '=', archived.id).execute();
    }
  });

  it('a program an administrator adds appears at once', async () => {
    const before = await sitemapLocs();
    const admin = await ctx.user('sitemapadmin', 'admin');
    const created = await ctx.request({
      method: 'POST',
      url: API.programs.create,
      token: admin.access,
      body: {
        title: 'Sitemap Credit Program',
        subtitle: 'New',
        description: 'A program added by an administrator.',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'graduates',
        price: 15000,
        duration_weeks: 8,
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const after = await sitemapLocs();
    expect(before).not.toContain(`${BASE}/programs/${id}`);
    expect(after).toContain(`${BASE}/programs/${id}`);
  });
});

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
      expect(decode(res.rawPayload, encoding).equals(plain.rawPayload)).toBe(true);
    }
    // The browser's usual header picks brotli.
    expect((await get(API.programs.list, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe(
      'br',
    );
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
      expect(decode(res.rawPayload, encoding).equals(plain.rawPayload)).toBe(true);
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
