import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { SERVER_NODE_FLAGS } from '../../server/platform/node-flags.ts';
import { BUNDLED, npmStartArgs } from '../../scripts/server-bundle-fresh.mjs';
import path from 'node:path';

/**
 * The one way the tests start a real server process (server/server.ts, or scripts/start.ts as npm start
 * does): on a free port, with the environment the caller gives, waiting until `ready` says so.
 *
 * Under `npm test` the runner makes sure the bundles `npm start` runs are current (scripts/server-bundle.ts)
 * and names their directory in TEST_SERVER_BUNDLE: a process then starts from the bundle (about a third of the
 * CPU of importing the sources through tsx). Without it (one test file run by hand), through tsx.
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type SpawnOptions = {
  /** The script to run, relative to the repository root. */
  entry: (typeof BUNDLED)[keyof typeof BUNDLED];
  /**
   * package.json's `start` command itself (its node flags and scripts/start.mjs, which builds the bundle when it
   * is not current): a test of `npm start`. Only with entry scripts/start.ts.
   */
  npmStart?: boolean;
  /** The whole environment of the process, given the port it is to listen on. */
  env: (port: number) => NodeJS.ProcessEnv;
  /** True once the server is up (called about every 100 ms until `timeoutMs`). */
  ready: (base: string, output: string) => Promise<boolean>;
  timeoutMs?: number;
  /** Write the output to this file (and run the server in its own process group, stopped as a group). */
  logFile?: string;
  /** The port to try first instead of a free one (a test of this module: a port another process holds). */
  port?: number;
};

export type SpawnedServer = {
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code or signal once the process is gone and what it printed has been read. */
  exited: Promise<number | string | null>;
  /** Sends `signal` (SIGTERM by default) unless the process is gone; resolves once it is. */
  stop: (signal?: NodeJS.Signals) => Promise<number | string | null>;
};

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** A process's command line (argv) as the kernel holds it, from /proc; empty once it has ended. */
export function argvOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The environment of a test's server process on a SQLite file: the runner's own, NODE_ENV=test, listening on
 * `port` at 127.0.0.1, and `extra` on top.
 */
export const sqliteServerEnv = (port: number, file: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${file}`,
  ...extra,
});

/** An entry's bundle in dist-server/ (scripts/server-bundle.ts builds one per source of BUNDLED). */
const bundleOf = (entry: SpawnOptions['entry']) =>
  `${Object.entries(BUNDLED).find(([, source]) => source === entry)![0]}.mjs`;

function commandLine(options: SpawnOptions): string[] {
  if (options.npmStart) {
    if (options.entry !== 'scripts/start.ts') throw new Error('npmStart runs scripts/start.ts only');
    return npmStartArgs(REPO_ROOT);
  }
  // `npm start` passes the server's V8 flags (package.json); `node server/server.ts` does not.
  const flags = options.entry === 'scripts/start.ts' ? [...SERVER_NODE_FLAGS] : [];
  const bundles = process.env.TEST_SERVER_BUNDLE;
  if (!bundles) return [...flags, '--import', 'tsx', path.join(REPO_ROOT, options.entry)];
  // Error stacks name the TypeScript sources, as under tsx.
  return [...flags, '--enable-source-maps', path.join(bundles, bundleOf(options.entry))];
}

/**
 * Starts the server on a free port and waits until it is ready. The port is free when chosen, but another
 * process of the run (a browser, another step's server) may take it before the server listens: then it
 * exits with EADDRINUSE before it was ready, and it is started again on another port (at most three tries).
 */
export async function spawnServer(options: SpawnOptions): Promise<SpawnedServer> {
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && options.port !== undefined ? options.port : await freePort();
    try {
      return await spawnOn(port, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

/** A start that failed only because another process took the port first. */
class PortTaken extends Error {}

/**
 * Whether the process printed the line each entry prints once it listens, naming this port (server/server.ts:
 * "API listening at http://127.0.0.1:PORT …", scripts/start.ts: "… running at http://localhost:PORT/ …").
 * `ready` alone asks the port, and when another process of the run holds it (a server of the other API suite
 * that chose the same free port a moment before) that process answers: the caller would get a server that is
 * not its own while its own exits with EADDRINUSE.
 */
export const listensOn = (printed: string, port: number): boolean =>
  new RegExp(`(?:listening|running) at http://[^\\s/]+:${port}(?![0-9])`).test(printed);

/**
 * Whether the process exited because another process held its port: one process says `listen EADDRINUSE:
 * address already in use 127.0.0.1:PORT`, a cluster's worker (its primary binds for it) `bind EADDRINUSE
 * 127.0.0.1:PORT`.
 */
export const portTakenIn = (printed: string, port: number): boolean =>
  new RegExp(`EADDRINUSE(?:: address already in use)? 127\\.0\\.0\\.1:${port}(?![0-9])`).test(printed);

async function spawnOn(port: number, options: SpawnOptions): Promise<SpawnedServer> {
  const base = `http://127.0.0.1:${port}`;
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(process.execPath, commandLine(options), {
    cwd: REPO_ROOT,
    env: options.env(port),
    stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    detached: logFd !== undefined,
  });
  if (logFd !== undefined) closeSync(logFd);
  let printed = '';
  child.stdout?.on('data', (d) => (printed += d));
  child.stderr?.on('data', (d) => (printed += d));
  const logFile = options.logFile;
  const output = () => (logFile ? (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') : printed);
  // Gone once its output is read too: Node may emit 'exit' before the last of the pipe's data, and a test that
  // reads the output once the server has stopped (a cluster's request logs) needs all of it. 'close' comes
  // once the pipes are drained; a descendant that still holds them (a cluster worker whose primary was
  // killed) is not waited for longer than two seconds.
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => {
      const done = () => resolve(code ?? signal);
      if (logFd !== undefined) return done();
      setTimeout(done, 2_000).unref();
      child.once('close', done);
    }),
  );
  const signal = (name: NodeJS.Signals) => {
    try {
      if (logFd !== undefined && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      /* already gone */
    }
  };
  // If the test process ends without its cleanup (an interrupted run), the server must not outlive it.
  const killOnExit = () => signal('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (name: NodeJS.Signals = 'SIGTERM') => {
    process.removeListener('exit', killOnExit);
    if (alive(child)) signal(name);
    return exited;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (!alive(child)) {
      process.removeListener('exit', killOnExit);
      const printed = output();
      const message = `server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${printed}`;
      throw portTakenIn(printed, port) ? new PortTaken(message) : new Error(message);
    }
    try {
      if ((await options.ready(base, output())) && listensOn(output(), port)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server did not start in time:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port, child, output, exited, stop };
}

/** Ready when GET `path` answers 2xx (each try given at most two seconds). */
export const answers = (readyPath: string) => async (base: string) =>
  (await fetch(`${base}${readyPath}`, { signal: AbortSignal.timeout(2_000) })).ok;
