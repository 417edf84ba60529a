import path from 'node:path';

/** Everything the server reads from its environment, parsed once (see docs/api.md). */
export type Config = {
  /** `sqlite:<path>`, `sqlite::memory:` or a postgres:// URL. */
  databaseUrl: string;
  port: number;
  host: string;
  demoMode: boolean;
  production: boolean;
  /** Unset outside production: the server generates one and keeps it in the settings table. */
  jwtSecret: string | null;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  /** A rotated refresh token presented again within this many seconds is refused without ending the login. */
  refreshReuseGraceSeconds: number;
  /** Empty: CORS off. */
  corsOrigins: string[];
  staticDir: string;
  bodyLimitBytes: number;
  logger: boolean;
  /** Failed logins allowed per (account, client address) pair within the window, then 429 for that pair only. */
  loginMaxFailuresPerAccountAddress: number;
  /** Failed logins allowed per client address across all accounts (a campus shares one address). */
  loginMaxFailuresPerAddress: number;
  /** Failed logins per account (from any address) after which every next attempt waits a growing delay. */
  loginSlowdownAfterFailuresPerAccount: number;
  /** The longest that delay grows to (it starts at 1 s and doubles with every further failure). */
  loginSlowdownMaxSeconds: number;
  loginWindowSeconds: number;
  /** Counseling requests accepted per client address within the window. */
  counselingMaxPerAddress: number;
  counselingWindowSeconds: number;
  /** Accounts created per client address within the window, then 429. */
  registerMaxPerAddress: number;
  registerWindowSeconds: number;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Whole request (headers and body) must arrive within this, else 408 and the connection is closed. */
  requestTimeoutSeconds: number;
  /** The request headers must arrive within this. */
  headersTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutSeconds: number;
  /** SIGTERM: requests in flight get this long to finish, then remaining connections are closed. */
  shutdownTimeoutSeconds: number;
  /** PostgreSQL: waiting for a free pool connection (and for a new one to connect) gives up after this. */
  dbAcquireTimeoutMs: number;
  /** PostgreSQL: any one statement is cancelled after this. */
  dbStatementTimeoutMs: number;
  /** SQLite: waiting for another process's write lock gives up after this. */
  dbBusyTimeoutMs: number;
};

const ROOT = path.resolve(import.meta.dirname, '..');

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be ${min === 0 ? 'a whole number' : 'a positive integer'}, got "${value}".`);
  }
  return n;
}

export function databaseUrlFromEnv(value: string | undefined): string {
  if (!value) return `sqlite:${path.join(ROOT, 'data', 'app.sqlite')}`;
  if (/^postgres(ql)?:\/\//.test(value) || value.startsWith('sqlite:')) return value;
  throw new Error(`DATABASE_URL must start with sqlite:, postgres:// or postgresql://, got "${value}".`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET || null;
  if (production && !jwtSecret) throw new Error('JWT_SECRET is required when NODE_ENV=production.');
  return {
    databaseUrl: databaseUrlFromEnv(env.DATABASE_URL),
    port: int(env.PORT, 8000, 'PORT'),
    host: env.HOST || '127.0.0.1',
    demoMode: flag(env.DEMO_MODE, !production),
    production,
    jwtSecret,
    accessTokenLifetimeSeconds: int(env.ACCESS_TOKEN_LIFETIME_SECONDS, 300, 'ACCESS_TOKEN_LIFETIME_SECONDS'),
    refreshTokenLifetimeSeconds: int(env.REFRESH_TOKEN_LIFETIME_SECONDS, 86_400, 'REFRESH_TOKEN_LIFETIME_SECONDS'),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE_SECONDS, 10, 'REFRESH_REUSE_GRACE_SECONDS', 0),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    staticDir: path.resolve(ROOT, env.STATIC_DIR || 'dist'),
    bodyLimitBytes: 100 * 1024,
    logger: env.NODE_ENV !== 'test' && flag(env.LOG_REQUESTS, true),
    loginMaxFailuresPerAccountAddress: int(
      env.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
      5,
      'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS',
    ),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 100, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
    loginSlowdownAfterFailuresPerAccount: int(
      env.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_ACCOUNT,
      20,
      'LOGIN_SLOWDOWN_AFTER_FAILURES_PER_ACCOUNT',
    ),
    loginSlowdownMaxSeconds: int(env.LOGIN_SLOWDOWN_MAX_SECONDS, 60, 'LOGIN_SLOWDOWN_MAX_SECONDS'),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 900, 'LOGIN_WINDOW_SECONDS'),
    counselingMaxPerAddress: int(env.COUNSELING_MAX_PER_ADDRESS, 5, 'COUNSELING_MAX_PER_ADDRESS'),
    counselingWindowSeconds: int(env.COUNSELING_WINDOW_SECONDS, 3600, 'COUNSELING_WINDOW_SECONDS'),
    registerMaxPerAddress: int(env.REGISTER_MAX_PER_ADDRESS, 20, 'REGISTER_MAX_PER_ADDRESS'),
    registerWindowSeconds: int(env.REGISTER_WINDOW_SECONDS, 3600, 'REGISTER_WINDOW_SECONDS'),
    trustProxy: flag(env.TRUST_PROXY, false),
    requestTimeoutSeconds: int(env.REQUEST_TIMEOUT_SECONDS, 30, 'REQUEST_TIMEOUT_SECONDS'),
    headersTimeoutSeconds: int(env.HEADERS_TIMEOUT_SECONDS, 10, 'HEADERS_TIMEOUT_SECONDS'),
    keepAliveTimeoutSeconds: int(env.KEEP_ALIVE_TIMEOUT_SECONDS, 5, 'KEEP_ALIVE_TIMEOUT_SECONDS'),
    shutdownTimeoutSeconds: int(env.SHUTDOWN_TIMEOUT_SECONDS, 10, 'SHUTDOWN_TIMEOUT_SECONDS'),
    dbAcquireTimeoutMs: int(env.DB_ACQUIRE_TIMEOUT_MS, 5000, 'DB_ACQUIRE_TIMEOUT_MS'),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    dbBusyTimeoutMs: int(env.DB_BUSY_TIMEOUT_MS, 5000, 'DB_BUSY_TIMEOUT_MS'),
  };
}

/** A config for tests and scripts: the defaults with overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), demoMode: true, logger: false, ...overrides };
}
