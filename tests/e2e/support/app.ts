import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '../../../contract/index.ts';

/** The repository root: the app is started from here, exactly as the README starts it. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
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
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (address && typeof address === 'object') {
        const { port } = address;
        srv.close(() => resolve(port));
      } else {
        srv.close(() => reject(new Error('could not get a free port')));
      }
    });
  });
}

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

async function waitForHealth(baseURL: string, child: ChildProcess, deadline: number, log: () => string) {
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The app exited (code ${child.exitCode}, signal ${child.signalCode}) before it answered ${API.health}.\n--- server output ---\n${log()}`,
      );
    }
    try {
      const res = await fetch(baseURL + API.health, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = String((error as Error).message ?? error);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(
    `The app did not answer ${baseURL}${API.health} in time (last: ${lastError}).\n--- server output ---\n${log()}`,
  );
}

/**
 * Starts the app as the README does (`node --import tsx scripts/start.ts`, i.e. `npm start`) on a free
 * port with its own SQLite file in a new temporary directory, and waits for GET /api/health/.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'cci-e2e-app-'));
  const dbPath = join(dir, DB_FILE_NAME);
  if (options.templateDir) copyDatabase(options.templateDir, dir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logPath = join(dir, 'server.log');
  const logFd = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    env: cleanEnv({ PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${dbPath}`, ...options.env }),
    stdio: ['ignore', logFd, logFd],
    detached: true,
  });
  closeSync(logFd);
  const log = () => (existsSync(logPath) ? readFileSync(logPath, 'utf8') : '');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If the test process ends without its afterAll (interrupted run), the server must not outlive it.
  const killOnExit = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        await exited;
      }
    }
  };

  try {
    await waitForHealth(baseURL, child, Date.now() + (options.timeoutMs ?? 90_000), log);
  } catch (error) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseURL,
    port,
    dir,
    dbPath,
    log,
    stop: async ({ keepFiles = false } = {}) => {
      await stop();
      if (!keepFiles) rmSync(dir, { recursive: true, force: true });
    },
  };
}
