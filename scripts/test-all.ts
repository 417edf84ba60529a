/**
 * `npm test`: every suite of the project, in one command, on a fresh machine.
 *
 * It installs or starts what the suites need when it is missing (Debian's Chromium, the local
 * PostgreSQL server: scripts/test-all/machine.ts), runs each suite, and ends with one line
 * `N passed, M failed` summing them all.
 * A suite that cannot find its dependency fails; nothing is skipped silently.
 *
 *   npm test                     everything
 *   npm test -- --only api-pg    one step (names below); several with commas
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { secretsInLog } from './run-log-secrets.ts';
import { log } from './test-all/log.ts';
import { ensureChromium, ensurePostgres } from './test-all/machine.ts';

type Outcome = { passed: number; failed: number; skipped: number; seconds: number; note?: string };
type Step = { name: string; title: string; run: () => Promise<Outcome> };

const ROOT = new URL('..', import.meta.url).pathname;
const REPORTS = join(ROOT, '.tmp', 'test-reports');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(127));
  });
}

function seconds(since: number) {
  return Math.round((Date.now() - since) / 100) / 10;
}

/** A check that is one pass or one fail (type check, lint, build, diagrams). */
function check(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return async (): Promise<Outcome> => {
    const start = Date.now();
    const code = await run(cmd, args, env);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, seconds: seconds(start) };
  };
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numTotalTests: number;
  numFailedTestSuites: number;
};

/** A vitest run, counted test by test from its JSON report. */
function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return async (): Promise<Outcome> => {
    const start = Date.now();
    const report = join(REPORTS, `${name}.json`);
    rmSync(report, { force: true });
    const code = await run(
      'npx',
      ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      env,
    );
    if (!existsSync(report)) {
      return { passed: 0, failed: 1, skipped: 0, seconds: seconds(start), note: 'no report: the run crashed' };
    }
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    let failed = json.numFailedTests;
    let note: string | undefined;
    // A file that fails to load has no tests to count: it is still a failure.
    if (json.numFailedTestSuites > 0 && failed === 0) {
      failed = json.numFailedTestSuites;
      note = `${json.numFailedTestSuites} file(s) failed to run`;
    }
    if (code !== 0 && failed === 0) {
      failed = 1;
      note = `vitest exited ${code}`;
    }
    if (json.numTotalTests === 0) {
      failed = Math.max(failed, 1);
      note = 'ran no test';
    }
    return {
      passed: json.numPassedTests,
      failed,
      skipped: json.numPendingTests + (json.numTodoTests ?? 0),
      seconds: seconds(start),
      note,
    };
  };
}

/* ---------- the steps ---------- */

const steps: Step[] = [
  {
    name: 'typecheck',
    title: 'TypeScript (strict) over the whole repository',
    run: check('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
  },
  { name: 'format', title: 'Prettier (120 columns) formats the tree', run: check('npx', ['prettier', '--check', '.']) },
  {
    name: 'lint',
    title: 'ESLint (typescript-eslint, react-hooks, jsx-a11y, import boundaries)',
    run: check('npx', ['eslint', '.']),
  },
  {
    name: 'deadcode',
    title: 'knip: no unused files, exports or dependencies (knip.json)',
    run: check('npx', ['knip', '--no-progress']),
  },
  {
    name: 'unit',
    title: 'Contract, machines (model-based, coverage gate) and views (Testing Library)',
    run: vitest('unit', ['--project', 'contract', '--project', 'machines', '--project', 'views']),
  },
  {
    name: 'diagrams',
    title: 'Machine diagrams in docs/machines are current',
    run: check('npx', ['tsx', 'scripts/generate-diagrams.ts', '--check']),
  },
  {
    name: 'api-sqlite',
    title: 'API suite on SQLite',
    run: async () => {
      // The log of every test app of the run is kept and read for secrets: one more check of the step.
      const runLog = join(REPORTS, 'api-sqlite.log');
      rmSync(runLog, { force: true });
      mkdirSync(REPORTS, { recursive: true });
      const outcome = await vitest('api-sqlite', ['--project', 'api'], { TEST_DB: 'sqlite', API_RUN_LOG: runLog })();
      const text = existsSync(runLog) ? readFileSync(runLog, 'utf8') : '';
      const lines = text.split('\n').filter(Boolean).length;
      const findings = secretsInLog(text);
      for (const f of findings.slice(0, 20)) console.log(`log line ${f.line}: ${f.what}: ${f.excerpt}`);
      const clean = findings.length === 0 && lines >= 1000;
      console.log(
        `The whole run's log (${lines} lines, ${runLog}): ${clean ? 'no password, token or card data' : findings.length ? `${findings.length} secret(s) found` : 'too short to prove anything'}`,
      );
      return { ...outcome, passed: outcome.passed + (clean ? 1 : 0), failed: outcome.failed + (clean ? 0 : 1) };
    },
  },
  {
    name: 'api-pg',
    title: 'API suite on PostgreSQL',
    run: async () => {
      await ensurePostgres(PG_URL);
      return vitest('api-pg', ['--project', 'api'], { TEST_DB: 'postgres', TEST_DATABASE_URL: PG_URL })();
    },
  },
  {
    name: 'cluster',
    title: 'Two instances behind nginx on one PostgreSQL database (smoke test, about 40 s)',
    run: async () => {
      await ensurePostgres(PG_URL);
      return check('npm', ['run', '--silent', 'smoke:cluster'], { TEST_DATABASE_URL: PG_URL })();
    },
  },
  { name: 'build', title: 'Production build and bundle budget', run: check('npm', ['run', '--silent', 'build']) },
  {
    name: 'e2e',
    title: 'End to end in Debian Chromium against the app as `npm start` runs it',
    run: async () => {
      ensureChromium();
      return vitest('e2e', ['--config', 'tests/e2e/vitest.config.ts'])();
    },
  },
];

function selected(): Step[] {
  const i = process.argv.indexOf('--only');
  if (i === -1) return steps;
  const names = (process.argv[i + 1] ?? '').split(',');
  const unknown = names.filter((n) => !steps.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  return steps.filter((s) => names.includes(s.name));
}

async function main() {
  mkdirSync(REPORTS, { recursive: true });
  const results: Array<{ step: Step; outcome: Outcome }> = [];
  for (const step of selected()) {
    log(`${step.name}: ${step.title}`);
    let outcome: Outcome;
    try {
      outcome = await step.run();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      outcome = { passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'could not run' };
    }
    results.push({ step, outcome });
  }

  log('Summary');
  for (const { step, outcome: o } of results) {
    const status = o.failed === 0 ? 'ok  ' : 'FAIL';
    const extra = [o.skipped ? `${o.skipped} skipped` : '', o.note ?? ''].filter(Boolean).join('; ');
    console.log(
      `${status} ${step.name.padEnd(11)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed  ${String(o.seconds).padStart(6)}s${extra ? `  (${extra})` : ''}`,
    );
  }
  const passed = results.reduce((n, r) => n + r.outcome.passed, 0);
  const failed = results.reduce((n, r) => n + r.outcome.failed, 0);
  const skipped = results.reduce((n, r) => n + r.outcome.skipped, 0);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();
