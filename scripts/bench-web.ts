/**
 * `npm run bench:web`: Lighthouse (mobile, default settings: simulated slow 4G and a 4x slower CPU) on
 * every public page of the app, in Debian's Chromium (/usr/bin/chromium, the full browser a visitor runs; the e2e
 * suite runs its headless shell, decision record 093).
 * Starts `npm start`'s server on a fresh SQLite database with the demo content (it builds the SPA when
 * stale), runs each page RUNS times (default 2) and keeps the better performance run, prints a table of
 * the four category scores with LCP, CLS and TBT, and writes it to docs/web-performance.md.
 *
 * Lighthouse 12.8 is the newest release that runs on Node 20 (13 needs Node 22.19 or newer).
 * Environment: RUNS (2), CHROME_PATH (/usr/bin/chromium), BENCH_ROUTES (comma list; default every page).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PUBLIC_PAGES } from '../server/platform/lib/public-pages.ts';
import { freePort } from './bench/servers.ts';
import { npmStartArgs } from './server-bundle-fresh.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.RUNS ?? 2);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROUTES = process.env.BENCH_ROUTES ? process.env.BENCH_ROUTES.split(',') : [...PUBLIC_PAGES];
const REPORT = path.join(ROOT, 'docs', 'web-performance.md');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Row = {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
};

async function startApp(): Promise<{ child: ChildProcess; base: string; dir: string }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  // `npm start` as package.json says it (node's flags and scripts/start.mjs).
  const child = spawn(process.execPath, npmStartArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // The first start may build the SPA.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return { child, base, dir };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the app did not start');
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

async function audit(url: string, port: number): Promise<Omit<Row, 'route'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    seo: score(categories.seo?.score),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
  };
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART and the like): such a run is run again. */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<Omit<Row, 'route'>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${url}: ${error instanceof Error ? error.message : String(error)}; running again`);
    }
  }
}

function table(rows: Row[]): string {
  const lines = [
    '| route | performance | accessibility | best practices | SEO | LCP | CLS | TBT |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.cls} | ${r.tbtMs} ms |`,
    ),
  ];
  return lines.join('\n');
}

/** Failed targets of a row: performance 95, the other three 100, CLS under 0.05. */
function misses(r: Row): string[] {
  const out: string[] = [];
  if (r.performance < 95) out.push(`performance ${r.performance} < 95`);
  if (r.accessibility < 100) out.push(`accessibility ${r.accessibility} < 100`);
  if (r.bestPractices < 100) out.push(`best practices ${r.bestPractices} < 100`);
  if (r.seo < 100) out.push(`SEO ${r.seo} < 100`);
  if (r.cls >= 0.05) out.push(`CLS ${r.cls} >= 0.05`);
  return out;
}

async function main(): Promise<void> {
  const lighthouseVersion = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const chromiumVersion = await new Promise<string>((resolve) => {
    const child = spawn(CHROME_PATH, ['--version']);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', () => resolve(out.trim()));
    child.on('error', () => resolve('unknown'));
  });
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  try {
    for (const route of ROUTES) {
      let best: Omit<Row, 'route'> | null = null;
      for (let run = 0; run < RUNS; run++) {
        const result = await auditWithRetry(`${app.base}${route}`, chrome.port);
        if (!best || result.performance > best.performance) best = result;
      }
      rows.push({ route, ...best! });
      console.log(`${route}: ${JSON.stringify(best)}`);
    }
  } finally {
    await chrome.kill();
    app.child.kill();
    fs.rmSync(app.dir, { recursive: true, force: true });
  }
  const text = table(rows);
  console.log(`\n${text}\n`);
  const failures = rows.flatMap((r) => misses(r).map((m) => `${r.route}: ${m}`));
  console.log(failures.length ? `Targets missed:\n${failures.join('\n')}` : 'Every target met.');
  if (!process.env.BENCH_ROUTES) {
    fs.writeFileSync(
      REPORT,
      [
        '# Web performance (Lighthouse, mobile)',
        '',
        'The latest `npm run bench:web`: Lighthouse mobile with its default settings (simulated slow 4G, 4x CPU',
        'slowdown), the better of ' +
          `${RUNS} runs per page, against \`npm start\` on a fresh SQLite database with the demo content.`,
        `Lighthouse ${lighthouseVersion} (the newest release supporting Node 20; 13.x needs Node 22.19), ${chromiumVersion},`,
        `${new Date().toISOString().slice(0, 10)}. Targets: performance at least 95; accessibility, best practices and SEO`,
        '100; cumulative layout shift under 0.05.',
        '',
        text,
        '',
        failures.length ? `Targets missed: ${failures.join('; ')}.` : 'Every target met.',
        '',
      ].join('\n'),
    );
    console.log(`Wrote ${path.relative(ROOT, REPORT)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
