import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { PUBLIC_PAGES } from '../../server/platform/lib/public-pages.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/** What a crawler reads of the public site: robots.txt and sitemap.xml, by absolute URL from PUBLIC_BASE_URL. */

// jsdom (the views' environment) parses the sitemap as XML; it ships no type declarations.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

const BASE = 'https://www.creditcareers.example.in';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true, config: { publicBaseUrl: BASE } });
});
afterAll(async () => {
  await ctx?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function activeAndArchivedPrograms() {
  return ctx.db.selectFrom('programs').select(['id', 'is_active']).orderBy('id').execute();
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
