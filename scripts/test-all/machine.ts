/**
 * What the suites of `npm test` (scripts/test-all.ts) need on the machine, installed or started when
 * missing: Debian's Chromium headless shell and fonts for the end-to-end suite, the local PostgreSQL server for the API
 * suite's PostgreSQL run and the cluster smoke test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { CHROMIUM_PATH as CHROMIUM } from '../../tests/e2e/support/browser.ts';
import { log } from './log.ts';

function asRoot(args: string[]): number {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const [cmd, ...rest] = isRoot ? args : ['sudo', '-n', ...args];
  return (
    spawnSync(cmd!, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1
  );
}

let aptUpdated = false;
function aptInstall(packages: string[]): boolean {
  if (!aptUpdated) {
    asRoot(['apt-get', 'update', '-qq']);
    aptUpdated = true;
  }
  return asRoot(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]) === 0;
}

const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
const DEJAVU_CONDENSED = '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf';

export function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(EMOJI_FONT) && existsSync(DEJAVU_CONDENSED)) return;
  log('Installing Debian chromium-headless-shell and fonts (apt-get) for the end-to-end suite');
  // The fonts give the rupee sign, a clean sans-serif and the pages' emoji icons in screenshots, as
  // a student's phone or laptop would show them. The layout tests force DejaVu Sans (Debian's default,
  // wide) and DejaVu Sans Condensed (narrow) on the pages (tests/e2e/support/fonts.ts).
  if (
    !aptInstall([
      'chromium-headless-shell',
      'fonts-noto-core',
      'fonts-noto-color-emoji',
      'fonts-dejavu-core',
      'fonts-dejavu-extra',
    ]) ||
    !existsSync(CHROMIUM)
  ) {
    throw new Error(`Chromium is required for the end-to-end tests and could not be installed at ${CHROMIUM}.`);
  }
}

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitForPort(host: string, port: number, tries: number) {
  for (let i = 0; i < tries; i++) {
    if (await portOpen(host, port)) return true;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return false;
}

/** The API suite's PostgreSQL run needs a server: the local one, started or installed when missing. */
export async function ensurePostgres(pgUrl: string) {
  const url = new URL(pgUrl);
  const host = url.hostname;
  const port = Number(url.port || 5432);
  if (await portOpen(host, port)) return;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`PostgreSQL at ${host}:${port} (TEST_DATABASE_URL) is not reachable.`);
  }
  log('PostgreSQL is not running: starting the local cluster');
  if (!existsSync('/etc/postgresql')) {
    if (!aptInstall(['postgresql'])) throw new Error('PostgreSQL is required and could not be installed.');
    trustLoopback();
  }
  for (const version of readdirSync('/etc/postgresql')) {
    asRoot(['pg_ctlcluster', '--skip-systemctl-redirect', version, 'main', 'restart']);
  }
  if (!(await waitForPort(host, port, 30))) {
    throw new Error(`PostgreSQL did not come up on ${host}:${port}.`);
  }
}

/**
 * A cluster this script just installed asks for passwords over TCP; the suite connects as postgres
 * without one, as on the project's machines. Trust loopback connections on that throwaway test server.
 */
function trustLoopback() {
  for (const version of readdirSync('/etc/postgresql')) {
    const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
    const text = readFileSync(hba, 'utf8');
    writeFileSync(hba, `host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${text}`);
  }
}
