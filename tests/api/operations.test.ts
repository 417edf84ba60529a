import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { serverProcesses } from '../../server/server.ts';
import { answers, spawnServer } from '../support/server-spawn.ts';
import { createTestApp, freshDatabase } from './support/harness.ts';
import { serverDatabase } from './support/server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('configuration from the environment', () => {
  it('defaults: SQLite under data/, port 8000 on 127.0.0.1, demo mode, 5 min / 1 day tokens, CORS off', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBe(`sqlite:${path.join(ROOT, 'data', 'app.sqlite')}`);
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      demoMode: true,
      jwtSecret: null,
      accessTokenLifetimeSeconds: 300,
      refreshTokenLifetimeSeconds: 86_400,
      corsOrigins: [],
    });
    expect(config.staticDir).toBe(path.join(ROOT, 'dist'));
  });

  it('counts the server processes that really run (what the start log says)', () => {
    // The demo's in-process sandbox gateway keeps the server to one process whatever WEB_CONCURRENCY says.
    expect(serverProcesses(loadConfig({ WEB_CONCURRENCY: '4' }))).toBe(1);
    expect(serverProcesses(loadConfig({ WEB_CONCURRENCY: '4', RAZORPAY_API_BASE: 'http://127.0.0.1:9' }))).toBe(4);
    expect(
      serverProcesses(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'sqlite::memory:', PAYMENT_SANDBOX: '0' })),
    ).toBe(1);
    expect(serverProcesses(loadConfig({ WEB_CONCURRENCY: '3', PAYMENT_SANDBOX: '0' }))).toBe(3);
    expect(serverProcesses(loadConfig({ WEB_CONCURRENCY: '1', PAYMENT_SANDBOX: '0' }))).toBe(1);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://u@db:5432/app',
      PORT: '9000',
      HOST: '0.0.0.0',
      DEMO_MODE: 'false',
      JWT_SECRET: 's3cret',
      ACCESS_TOKEN_LIFETIME_SECONDS: '60',
      REFRESH_TOKEN_LIFETIME_SECONDS: '600',
      CORS_ORIGINS: 'https://a.in, https://b.in',
      STATIC_DIR: 'build',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://u@db:5432/app',
      port: 9000,
      host: '0.0.0.0',
      demoMode: false,
      jwtSecret: 's3cret',
      accessTokenLifetimeSeconds: 60,
      refreshTokenLifetimeSeconds: 600,
      corsOrigins: ['https://a.in', 'https://b.in'],
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite', DEMO_MODE: '0' })).toMatchObject({
      databaseUrl: 'sqlite:/tmp/x.sqlite',
      demoMode: false,
    });
  });

  it('PUBLIC_BASE_URL: the listening address by default, an absolute http(s) URL without its trailing slash', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://127.0.0.1:8000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicBaseUrl).toBe('http://0.0.0.0:9000');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://www.example.in/' }).publicBaseUrl).toBe('https://www.example.in');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://example.in/institute/' }).publicBaseUrl).toBe(
      'https://example.in/institute',
    );
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'www.example.in' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://example.in' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('in production: JWT_SECRET required, demo mode off unless asked for', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' }).demoMode).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x', DEMO_MODE: '1' }).demoMode).toBe(true);
  });

  it('refuses nonsense', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('several instances on one database', () => {
  it('agree on the generated JWT secret and on revoked refresh tokens', async () => {
    const handle = await freshDatabase();
    const a = await createTestApp({ handle, config: { jwtSecret: null } });
    const b = await createTestApp({ handle, config: { jwtSecret: null } });
    try {
      const user = await a.user('shared');
      expect((await b.request({ url: '/classroom/auth/me/', token: user.access })).status).toBe(200);
      expect((await a.request({ method: 'POST', url: '/auth/logout/', body: { refresh: user.refresh } })).status).toBe(
        204,
      );
      expect(
        (await b.request({ method: 'POST', url: '/auth/token/refresh/', body: { refresh: user.refresh } })).status,
      ).toBe(401);
    } finally {
      await a.close();
      await b.close();
      await handle.close();
    }
  });
});

describe('request logs', () => {
  it('never contain passwords, tokens or bodies', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({
      config: { logger: true },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const user = await ctx.user('logged');
      await ctx.request({ method: 'POST', url: '/auth/token/', body: { username: 'logged', password: 'password123' } });
      await ctx.request({ method: 'POST', url: '/auth/token/refresh/', body: { refresh: user.refresh } });
      await ctx.request({ url: '/classroom/auth/me/', token: user.access });
      await ctx.request({
        method: 'POST',
        url: '/auth/register/',
        body: {
          username: 'x',
          email: 'x@example.in',
          password: 'very-secret-1',
          first_name: 'X',
          last_name: 'Y',
          is_adult: true,
        },
      });
      const log = lines.join('\n');
      expect(log).toContain('/classroom/auth/me/');
      for (const secret of ['password123', 'very-secret-1', user.access, user.refresh, 'Bearer'])
        expect(log).not.toContain(secret);
    } finally {
      await ctx.close();
    }
  });
});

async function runServer(env: Record<string, string>, check: (base: string) => Promise<void>) {
  const server = await spawnServer({
    entry: 'server/server.ts',
    env: (port) => ({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
      STATIC_DIR: '/nonexistent',
      ...env,
    }),
    ready: answers('/api/health/'),
  });
  try {
    await check(server.base);
  } finally {
    await server.stop();
  }
}

describe('the server process (what npm start runs after the SPA build)', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('migrates and seeds an empty database in demo mode, and never seeds twice', async () => {
    const { url, drop } = await serverDatabase();
    drops.push(drop);
    const countUsers = async (base: string) => {
      const login = await fetch(`${base}/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      expect(login.status).toBe(200);
      const { access } = (await login.json()) as { access: string };
      const stats = (await (
        await fetch(`${base}/classroom/admin/stats/`, { headers: { authorization: `Bearer ${access}` } })
      ).json()) as { total_students: number };
      return stats.total_students;
    };
    let first = 0;
    await runServer({ DATABASE_URL: url }, async (base) => {
      expect(await (await fetch(`${base}/api/config/`)).json()).toEqual({
        demo_mode: true,
        demo_credentials: { username: 'admin', password: 'admin123' },
        prices_include_gst: true,
        institute_state_code: '27',
        privacy_notice_version: '2026-11',
        upload_max_bytes: 20 * 1024 * 1024,
      });
      first = await countUsers(base);
      expect(first).toBeGreaterThan(1);
      const missing = await fetch(`${base}/classroom/nothing/`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ detail: 'Not found.' });
    });
    await runServer({ DATABASE_URL: url }, async (base) => {
      expect(await countUsers(base)).toBe(first);
    });
  }, 180_000);

  it('with demo mode off: no demo users and no demo credentials', async () => {
    const { url, drop } = await serverDatabase();
    drops.push(drop);
    await runServer({ DATABASE_URL: url, DEMO_MODE: '0' }, async (base) => {
      expect(await (await fetch(`${base}/api/config/`)).json()).toMatchObject({
        demo_mode: false,
        demo_credentials: null,
      });
      const login = await fetch(`${base}/auth/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      expect(login.status).toBe(401);
    });
  }, 180_000);
});
