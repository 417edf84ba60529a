import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseUnsafeStart } from '../../server/platform/config-hardening.ts';
import { loadConfig } from '../../server/config.ts';
import { runServer } from '../../server/server.ts';
import { REPO_ROOT } from '../support/server-spawn.ts';

/**
 * The two configurations the server refuses to start with (decision record 065): in production, an
 * administrators' second factor whose key would live in the database it protects; outside production,
 * the demo (published logins) on an address other machines reach, unless DEMO_MODE=1 says so.
 */

const KEY = Buffer.alloc(32, 7).toString('base64');
const refusal = (env: Record<string, string>) => {
  try {
    refuseUnsafeStart(env, loadConfig(env));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('production without MFA_ENCRYPTION_KEY', () => {
  it('refuses to start while REQUIRE_ADMIN_MFA is on, saying how to make a key', async () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), HOST: '127.0.0.1' };
    await expect(runServer(env)).rejects.toThrow(/MFA_ENCRYPTION_KEY is not set/);
    expect(refusal(env)).toContain('openssl rand -base64 32');
    expect(refusal(env)).toContain("randomBytes(32).toString('base64')");
    expect(refusal({ ...env, MFA_ENCRYPTION_KEY: KEY })).toBeNull();
    expect(refusal({ ...env, REQUIRE_ADMIN_MFA: '0' })).toBeNull();
    // Outside production the key may still be generated and kept in the database (demo, development).
    expect(refusal({ HOST: '127.0.0.1', DEMO_MODE: '0' })).toBeNull();
  });
});

describe('the demo on a public address', () => {
  it('refuses a non-loopback HOST without NODE_ENV=production unless DEMO_MODE=1, and says why', async () => {
    await expect(runServer({ HOST: '0.0.0.0' })).rejects.toThrow(/DEMO_MODE=1/);
    expect(refusal({ HOST: '0.0.0.0' })).toMatch(/admin\/admin123/);
    expect(refusal({ HOST: '192.168.1.20' })).toMatch(/HOST=192\.168\.1\.20/);
    expect(refusal({ HOST: '::' })).not.toBeNull();
    expect(refusal({ HOST: '0.0.0.0', DEMO_MODE: '1' })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', DEMO_MODE: '0' })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', NODE_ENV: 'production', JWT_SECRET: 'x', MFA_ENCRYPTION_KEY: KEY })).toBeNull();
    // npm start on a laptop: HOST unset (127.0.0.1), or any loopback address.
    for (const HOST of ['', '127.0.0.1', 'localhost', '::1', '127.0.1.1']) expect(refusal({ HOST })).toBeNull();
  });

  it('a real server process exits with the reason before touching a database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'server.ts')], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOST: '0.0.0.0', PORT: '1', DATABASE_URL: 'sqlite:/nonexistent/dir/x.sqlite' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/HOST=0\.0\.0\.0 is reachable from other machines/);
  });
});
