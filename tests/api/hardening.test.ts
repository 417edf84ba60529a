import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES } from '../../contract/index.ts';
import { DOCUMENTED_ROUTES } from '../../server/openapi.ts';
import { OPENAPI_FILE, openApiText } from '../../scripts/generate-openapi.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { routeHooks } from './support/route-hooks.ts';
import { MESSAGING_SANDBOX_PREFIX } from '../../server/domains/notifications/sandbox.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
});
afterAll(async () => ctx?.close());

describe('request bodies', () => {
  it('answers 413 as JSON for a body over the limit', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'x'.repeat(200 * 1024), password: 'y' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.bodyTooLarge });
  });

  it('answers 400 as JSON for malformed JSON', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.token,
      body: '{"username": "a",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.invalidJson });
  });

  it('answers 415 as JSON for a body that is not JSON', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.token,
      body: 'username=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('treats a JSON body of the wrong type as a validation error', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.token,
      body: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: [expect.any(String)] });
  });
});

describe('unknown paths and errors', () => {
  it.each(['/auth/nope/', '/classroom/nope/', '/api/nope', '/api/', '/classroom/programs/1/nope/', '/api/admin/'])(
    'answers JSON 404 under API prefixes: %s',
    async (url) => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await ctx.request({ method, url, token: admin.access });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ detail: SERVER_MESSAGES.notFound });
        expect(String(res.headers['content-type'])).toContain('application/json');
      }
    },
  );

  it('answers an unexpected failure with 500 {detail: "Server error."}, no stack, no SQL', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.schema.dropTable('testimonials').execute();
      const res = await broken.request({ url: API.testimonials.list });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ detail: SERVER_MESSAGES.serverError });
      expect(res.raw).not.toMatch(/testimonials|select|stack|at /i);
    } finally {
      await broken.close();
    }
  });
});

describe('headers', () => {
  it('sends security headers and a CSP that lets the built SPA run', async () => {
    const res = await ctx.request({ url: API.programs.list });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('keeps CORS off by default and allows only the configured origins when set', async () => {
    const off = await ctx.request({
      method: 'OPTIONS',
      url: API.programs.list,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(off.headers['access-control-allow-origin']).toBeUndefined();
    const withCors = await createTestApp({ config: { corsOrigins: ['https://spa.example.in'] } });
    try {
      const allowed = await withCors.request({ url: API.programs.list, headers: { origin: 'https://spa.example.in' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://spa.example.in');
      const refused = await withCors.request({ url: API.programs.list, headers: { origin: 'https://evil.example' } });
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await withCors.close();
    }
  });
});

describe('serving the SPA', () => {
  let spa: TestContext;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.map.gz'), 'gzip bytes');
    spa = await createTestApp({ config: { staticDir: dir } });
  });
  afterAll(async () => {
    await spa?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers index.html (no-cache) for client-side routes', async () => {
    for (const url of ['/', '/programs', '/dashboard', '/payment/program/1']) {
      const res = await spa.request({ url });
      expect(res.status, url).toBe(200);
      expect(res.raw).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an unknown page 404 with the SPA (its not-found page) and noindex', async () => {
    const res = await spa.request({ url: '/some/unknown/page' });
    expect(res.status).toBe(404);
    expect(res.raw).toContain('<div id="root">');
    expect(res.raw).toContain('<meta name="robots" content="noindex" />');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  it('does not serve source maps unless SERVE_SOURCE_MAPS is on', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const res = await spa.request({ url: '/assets/index-abc123.js.map', headers });
      expect(res.status).toBe(404);
      expect(res.raw).not.toContain('src/secret.ts');
    }
    expect((await spa.request({ url: '/assets/INDEX-abc123.JS.MAP' })).raw).not.toContain('src/secret.ts');
    const serving = await createTestApp({ config: { staticDir: dir, serveSourceMaps: true } });
    try {
      const res = await serving.request({ url: '/assets/index-abc123.js.map' });
      expect(res.status).toBe(200);
      expect(res.raw).toContain('src/secret.ts');
    } finally {
      await serving.close();
    }
  });

  it('builds maps that the bundles do not name (vite build.sourcemap = hidden)', async () => {
    const { default: viteConfig } = await import('../../vite.config.ts');
    const resolved =
      typeof viteConfig === 'function' ? viteConfig({ command: 'build', mode: 'production' }) : viteConfig;
    expect((resolved as { build?: { sourcemap?: unknown } }).build?.sourcemap).toBe('hidden');
  });

  it('caches hashed assets for a year', async () => {
    const res = await spa.request({ url: '/assets/index-abc123.js' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers index.html under API prefixes', async () => {
    const res = await spa.request({ url: '/classroom/unknown/' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: SERVER_MESSAGES.notFound });
    expect((await spa.request({ url: API.programs.list })).status).toBe(200);
  });
});

describe('system endpoints', () => {
  it('GET /api/config/ tells the SPA about demo mode', async () => {
    expect((await ctx.request({ url: API.config })).body).toEqual({
      demo_mode: true,
      demo_credentials: { username: 'admin', password: 'admin123' },
      prices_include_gst: ctx.config.pricesIncludeGst,
      institute_state_code: ctx.config.institute.stateCode,
      privacy_notice_version: ctx.config.privacy.noticeVersion,
      upload_max_bytes: ctx.config.uploadMaxBytes,
    });
    const prod = await createTestApp({ config: { demoMode: false } });
    try {
      expect((await prod.request({ url: API.config })).body).toMatchObject({
        demo_mode: false,
        demo_credentials: null,
      });
    } finally {
      await prod.close();
    }
  });

  it('GET /api/health/ answers while the process lives; GET /api/ready/ is 503 when the database does not answer', async () => {
    expect(await ctx.request({ url: API.health })).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await ctx.request({ url: API.ready })).toMatchObject({ status: 200, body: { status: 'ok' } });
    const down = await createTestApp();
    try {
      await down.db.destroy();
      expect(await down.request({ url: API.health })).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await down.request({ url: API.ready })).toMatchObject({
        status: 503,
        body: { detail: 'Service unavailable.' },
      });
    } finally {
      await down.close().catch(() => undefined);
    }
  });

  it('serves the OpenAPI document, and docs/openapi.json is up to date', async () => {
    const res = await ctx.request({ url: API.openapi });
    expect(res.status).toBe(200);
    expect(`${JSON.stringify(res.body, null, 2)}\n`).toBe(openApiText());
    expect(
      fs.readFileSync(OPENAPI_FILE, 'utf8') === openApiText(),
      'docs/openapi.json is stale (the contract changed): run npm run openapi',
    ).toBe(true);
  });

  it('every $ref in the document resolves, and every contract path is served', () => {
    const doc = JSON.parse(openApiText()) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, unknown>;
    };
    const refs = [...openApiText().matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(doc.components.schemas, ref).toHaveProperty(ref);
    const contractPaths = new Set<string>();
    const walk = (value: unknown) => {
      if (typeof value === 'string') contractPaths.add(value);
      else if (typeof value === 'function') contractPaths.add((value as () => string)());
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(API);
    const served = new Set(DOCUMENTED_ROUTES.map((route) => route.split(' ')[1]));
    for (const p of contractPaths) expect(served.has(p), p).toBe(true);
    expect(Object.keys(doc.paths)).toHaveLength(served.size);
  });

  it('documents every route the app serves, and the app serves every documented route', () => {
    for (const route of DOCUMENTED_ROUTES) {
      const [method, url] = route.split(' ') as [string, string];
      expect(ctx.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
    // The API's routes; robots.txt, sitemap.xml and a certificate's page are the site's, not the API's
    // (tests/api/web.test.ts, tests/api/certificates.test.ts), and the messaging providers' local sandbox
    // (demo mode) answers in the providers' shapes, not ours (tests/api/notifications-channels.test.ts).
    const notApi = /^[A-Z]+ (\/robots\.txt|\/sitemap\.xml|\/certificates\/:code)$/;
    const served = [...routeHooks(ctx.app).keys()].filter(
      (route) =>
        !route.startsWith('HEAD ') && !notApi.test(route) && !route.split(' ')[1]!.startsWith(MESSAGING_SANDBOX_PREFIX),
    );
    expect(served.length).toBe(DOCUMENTED_ROUTES.length);
  });
});
