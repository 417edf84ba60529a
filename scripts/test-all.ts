/**
 * `npm test`: every suite of the project, in one command, on a fresh machine.
 *
 * It installs or starts what the suites need when it is missing (Debian's Chromium, the local
 * PostgreSQL server: scripts/test-all/machine.ts), runs the steps side by side (scripts/test-all/steps-runner.ts;
 * TEST_JOBS at a time, default 3), and ends with the time of each step, the total, and one line
 * `N passed, M failed` summing them all.
 * A suite that cannot find its dependency fails; nothing is skipped silently.
 *
 *   npm test                     everything
 *   npm test -- --only api-pg    one step (names below); several with commas
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { API_TEST_RUN_ENV, testDatabasePrefix } from '../tests/api/support/test-databases.ts';
import { secretsInLog } from './run-log-secrets.ts';
import { log } from './test-all/log.ts';
import { ensureChromium, ensurePostgres } from './test-all/machine.ts';
import { NATIVE, NATIVE_STEP, startNativeBuild } from './test-all/native-module.ts';
import { BUNDLE_ENV, ensureServerBundles } from './server-bundle.ts';
import { REPORTS, ROOT, runSteps, secondsSince, type Outcome, type Step } from './test-all/steps-runner.ts';
import { check, vitest } from './test-all/vitest-step.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Every PostgreSQL connection of the steps (node-postgres reads PGOPTIONS: the suite's apps, the server
 * processes, the admin clients) commits without waiting for the WAL's flush to disk. A commit is still
 * atomic and seen by every later query, and survives a killed server process; only a crash of the
 * machine could lose the last ones, which no test makes. Each commit otherwise waits on the disk.
 */
const PG_ENV = { TEST_DATABASE_URL: PG_URL, PGOPTIONS: '-c synchronous_commit=off' };

/** The PostgreSQL databases named after an API suite run still on the server. */
async function databasesOfRun(run: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const rows = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname',
      [testDatabasePrefix(run)],
    );
    return rows.rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/* ---------- the steps ---------- */

/**
 * The API files that start server processes or run the project's commands (a crash and restart, a backup and
 * its restore, two processes sending mail, shutdown deadlines, refused starts): on PostgreSQL they are a step of
 * their own beside the rest of the suite. The suite on PostgreSQL is the longest chain of the run (one file at a
 * time, each waiting on the database), and these files are about a third of its time, most of it waiting for
 * processes to start and stop: split off, the chain ends minutes sooner and the other core is not left idle at
 * the end of the run. A file left off the list still runs, in the other step.
 */
const API_PROCESS_FILES = [
  'tests/api/backup.test.ts',
  'tests/api/crash.test.ts',
  'tests/api/lifecycle.test.ts',
  'tests/api/mail-processes.test.ts',
  'tests/api/npm-start.test.ts',
  'tests/api/operations.test.ts',
  'tests/api/rate-limits.test.ts',
  'tests/api/server-spawn.test.ts',
  'tests/api/start-refusals.test.ts',
  'tests/api/users-first-admin.test.ts',
];

/**
 * A step running API files on PostgreSQL (`files`: paths to run, or `--exclude` options). Its test databases are
 * named after the step's run (tests/api/support/test-databases.ts): once its files have ended, none may be left on
 * the server (one more check of the step).
 */
function apiOnPostgres(name: string, title: string, files: string[]): Step {
  return {
    name,
    title,
    after: [NATIVE],
    run: async (logFile) => {
      // A file the list names that is gone (renamed, say) would leave the split stale without a word.
      const gone = files.filter((file) => file.endsWith('.test.ts') && !existsSync(join(ROOT, file)));
      if (gone.length) {
        const note = `API_PROCESS_FILES names files that do not exist: ${gone.join(', ')}`;
        return { passed: 0, failed: 1, skipped: 0, seconds: 0, note };
      }
      const run = randomBytes(3).toString('hex');
      const outcome = await vitest(name, ['--project', 'api', ...files], {
        TEST_DB: 'postgres',
        [API_TEST_RUN_ENV]: run,
        ...PG_ENV,
      })(logFile);
      const left = await databasesOfRun(run);
      console.log(
        left.length
          ? `${left.length} test database(s) of the run left on the server: ${left.slice(0, 5).join(', ')}`
          : `No test database of the run (${testDatabasePrefix(run)}…) left on the server`,
      );
      return {
        ...outcome,
        passed: outcome.passed + (left.length ? 0 : 1),
        failed: outcome.failed + (left.length ? 1 : 0),
      };
    },
  };
}

/**
 * In the order they start (the longest chains first; TEST_JOBS run at once): the build and the end-to-end
 * suite that serves it, the API suite on each database, the PostgreSQL files that start server processes (in the
 * first slot free: they mostly wait, so they end beside the unit step's two workers), then the short checks.
 */
const steps: Step[] = [
  NATIVE_STEP,
  { name: 'build', title: 'Production build and bundle budget', run: check('npm', ['run', '--silent', 'build']) },
  apiOnPostgres('api-pg', "API suite on PostgreSQL (the files that build their app in the suite's process)", [
    ...API_PROCESS_FILES.flatMap((file) => ['--exclude', file]),
  ]),
  {
    name: 'e2e',
    title: "End to end in Debian Chromium against the app as `npm start` runs it (the build step's dist/)",
    after: ['build', NATIVE],
    run: vitest('e2e', ['--config', 'tests/e2e/vitest.config.ts']),
  },
  {
    name: 'api-sqlite',
    title: 'API suite on SQLite',
    after: [NATIVE],
    run: async (logFile) => {
      // The log of every test app of the run is kept and read for secrets: one more check of the step.
      const runLog = join(REPORTS, 'api-sqlite.run-log');
      rmSync(runLog, { force: true });
      const outcome = await vitest('api-sqlite', ['--project', 'api'], { TEST_DB: 'sqlite', API_RUN_LOG: runLog })(
        logFile,
      );
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
  apiOnPostgres(
    'api-pg-proc',
    'API suite on PostgreSQL (the files that start server processes and commands)',
    API_PROCESS_FILES,
  ),
  {
    name: 'unit',
    title: 'Contract, machines (model-based, coverage gate) and views (Testing Library)',
    after: [NATIVE],
    // Two workers: the step starts when an API suite ends and runs last, often alone; with Vitest's default
    // on two cores (one worker) the other core would idle through its last minutes.
    run: vitest('unit', ['--project', 'contract', '--project', 'machines', '--project', 'views', '--maxWorkers=2']),
  },
  {
    name: 'typecheck',
    title: "TypeScript 7 (strict, native, one thread: package.json's typecheck) over the whole repository",
    run: check('npm', ['run', '--silent', 'typecheck']),
  },
  {
    name: 'lint',
    title: 'ESLint (typescript-eslint, react-hooks, jsx-a11y, import boundaries)',
    run: check('npx', ['eslint', '.']),
  },
  {
    name: 'cluster',
    title: 'Two instances behind nginx on one PostgreSQL database (smoke test, about 40 s)',
    after: [NATIVE],
    run: check('npm', ['run', '--silent', 'smoke:cluster'], PG_ENV),
  },
  {
    name: 'deadcode',
    title: 'knip: no unused files, exports or dependencies (knip.json)',
    run: check('npx', ['knip', '--no-progress']),
  },
  { name: 'format', title: 'Prettier (120 columns) formats the tree', run: check('npx', ['prettier', '--check', '.']) },
  {
    name: 'diagrams',
    title: 'Machine diagrams in docs/machines are current',
    run: check('npx', ['tsx', 'scripts/generate-diagrams.ts', '--check']),
  },
];

function selected(): Step[] {
  const i = process.argv.indexOf('--only');
  if (i === -1) return steps;
  const names = (process.argv[i + 1] ?? '').split(',');
  const unknown = names.filter((n) => !steps.some((s) => s.name === n));
  if (unknown.length)
    throw new Error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(', ')}`);
  // A chosen step that loads the native module brings its build along.
  const chosen = steps.filter((s) => names.includes(s.name));
  return steps.filter(
    (s) => chosen.includes(s) || (s.name === NATIVE && chosen.some((c) => c.after?.includes(NATIVE))),
  );
}

/** What the chosen steps need on the machine, set up once before they start side by side. */
async function prepareMachine(chosen: Step[]): Promise<string | undefined> {
  const has = (name: string) => chosen.some((s) => s.name === name);
  try {
    if (has('e2e')) ensureChromium();
    if (has('api-pg') || has('api-pg-proc') || has('cluster')) await ensurePostgres(PG_URL);
    if (['api-pg', 'api-pg-proc', 'api-sqlite', 'e2e', 'cluster'].some(has)) {
      // The server processes the tests start run from the bundle `npm start` runs (scripts/server-bundle.ts),
      // built first when it is not that of the sources.
      const start = Date.now();
      const { dir, built } = await ensureServerBundles(ROOT);
      process.env[BUNDLE_ENV] = dir;
      log(
        built === null
          ? `The server's bundle is current (${dir})`
          : `Server bundled for the tests' server processes in ${secondsSince(start)}s (${dir}; ${built})`,
      );
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function main() {
  mkdirSync(REPORTS, { recursive: true });
  const started = Date.now();
  const chosen = selected();
  const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 3) || 3);
  // The native module builds (when missing) while the machine is prepared and the first steps run.
  if (chosen.some((s) => s.name === NATIVE)) void startNativeBuild();
  const problem = await prepareMachine(chosen);
  if (problem) console.error(problem);
  const outcomes = problem
    ? new Map(chosen.map((s) => [s.name, { passed: 0, failed: 1, skipped: 0, seconds: 0, note: problem } as Outcome]))
    : await runSteps(chosen, jobs);

  log(`Summary (${jobs} steps at a time)`);
  for (const step of chosen) {
    const o = outcomes.get(step.name) ?? { passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'did not run' };
    const status = o.failed === 0 ? 'ok  ' : 'FAIL';
    const extra = [o.skipped ? `${o.skipped} skipped` : '', o.note ?? ''].filter(Boolean).join('; ');
    console.log(
      `${status} ${step.name.padEnd(11)} ${String(o.passed).padStart(4)} passed ${String(o.failed).padStart(3)} failed  ${String(o.seconds).padStart(6)}s${extra ? `  (${extra})` : ''}`,
    );
  }
  // The failed tests by name at the end, where a reader of the last lines of the run looks first.
  const failures = chosen.flatMap((s) => (outcomes.get(s.name)?.failures ?? []).map((f) => `${s.name}: ${f}`));
  if (failures.length) {
    console.log(`\nFailed (${failures.length}):`);
    for (const f of failures.slice(0, 30)) console.log(`  ${f}`);
  }
  const all = [...outcomes.values()];
  const passed = all.reduce((n, o) => n + o.passed, 0);
  const failed = all.reduce((n, o) => n + o.failed, 0) + chosen.filter((s) => !outcomes.has(s.name)).length;
  const skipped = all.reduce((n, o) => n + o.skipped, 0);
  console.log(`Total: ${secondsSince(started)}s (${Math.round(secondsSince(started) / 6) / 10} min)`);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();
