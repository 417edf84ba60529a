import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '../../../contract/index.ts';
import { TEST_SCRYPT_ENV } from '../../support/scrypt-cost.ts';
import { answers, spawnServer, type SpawnedServer } from '../../support/server-spawn.ts';

/** The repository root: the app is started from here, exactly as the README starts it. */
export { REPO_ROOT } from '../../support/server-spawn.ts';
export const DB_FILE_NAME = 'app.sqlite';

export type RunningApp = {
  baseURL: string;
  port: number;
  dir: string;
  dbPath: string;
  /** Everything the server printed so far (stdout and stderr). */
  log: () => string;
  /** Stops the server (its whole process group); removes its directory unless keepFiles. */
  stop: (options?: { keepFiles?: boolean }) => Promise<void>;
};

export type StartOptions = {
  /** A directory holding a seeded `app.sqlite` (and perhaps its -wal/-shm files) to start from. */
  templateDir?: string;
  /** Extra environment, e.g. ACCESS_TOKEN_LIFETIME_SECONDS. */
  env?: Record<string, string>;
  /** How long to wait for the health check. */
  timeoutMs?: number;
  /** package.json's start command itself (scripts/start.mjs, which builds the bundle when it is not current). */
  npmStart?: boolean;
};

/** The environment of `npm start`, without what the test runner adds (NODE_ENV=test, VITEST...). */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST' || key.startsWith('npm_')) continue;
    env[key] = value;
  }
  delete env.DATABASE_URL;
  delete env.PORT;
  delete env.HOST;
  return { ...env, ...extra };
}

export function copyDatabase(fromDir: string, toDir: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    const from = join(fromDir, DB_FILE_NAME + suffix);
    if (existsSync(from)) copyFileSync(from, join(toDir, DB_FILE_NAME + suffix));
  }
}

/**
 * Starts the app as the README does (`npm start`: its bundle, dist-server/start.mjs, run with package.json's
 * flags; through tsx when a spec file runs by hand without `npm test`) on a free port with its own SQLite file in a
 * new temporary directory, and waits for GET /api/health/.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'cci-e2e-app-'));
  const dbPath = join(dir, DB_FILE_NAME);
  if (options.templateDir) copyDatabase(options.templateDir, dir);
  let server: SpawnedServer;
  try {
    server = await spawnServer({
      entry: 'scripts/start.ts',
      npmStart: options.npmStart,
      env: (port) =>
        cleanEnv({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: `sqlite:${dbPath}`,
          // Passwords hashed at the tests' cost, as the API suite's (decision record 095): every journey signs in.
          ...TEST_SCRYPT_ENV,
          ...options.env,
        }),
      ready: answers(API.health),
      timeoutMs: options.timeoutMs ?? 90_000,
      logFile: join(dir, 'server.log'),
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    const killed = await Promise.race([
      server.stop('SIGTERM').then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    if (!killed) await server.stop('SIGKILL');
  };
  return {
    baseURL: server.base,
    port: server.port,
    dir,
    dbPath,
    log: server.output,
    stop: async ({ keepFiles = false } = {}) => {
      await stop();
      if (!keepFiles) rmSync(dir, { recursive: true, force: true });
    },
  };
}
