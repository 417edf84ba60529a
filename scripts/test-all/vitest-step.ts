/**
 * The two kinds of step `npm test` runs (scripts/test-all.ts): a check that passes or fails as a whole, and a
 * Vitest run counted test by test from its JSON report.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS, runLogged, secondsSince, type Outcome } from './steps-runner.ts';

/** A check that is one pass or one fail (type check, lint, build, diagrams). */
export function check(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return async (logFile: string): Promise<Outcome> => {
    const start = Date.now();
    const code = await runLogged(cmd, args, logFile, env);
    return { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, seconds: secondsSince(start) };
  };
}

type VitestJson = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numTotalTests: number;
  numFailedTestSuites: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { status: string; fullName?: string; title?: string; failureMessages?: string[] }[];
  }[];
};

/** The failed tests of a report, each as `file › test: first line of its error`, for the summary. */
function failuresOf(json: VitestJson): string[] {
  const out: string[] = [];
  for (const file of json.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const why = (a.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 200) ?? '';
      out.push(`${where} › ${a.fullName ?? a.title ?? '?'}${why ? `: ${why}` : ''}`);
    }
    if (failed.length === 0 && file.message) out.push(`${where}: ${file.message.split('\n')[0]?.slice(0, 200)}`);
  }
  return out;
}

/** A vitest run, counted test by test from its JSON report. */
export function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return async (logFile: string): Promise<Outcome> => {
    const start = Date.now();
    const report = join(REPORTS, `${name}.json`);
    rmSync(report, { force: true });
    const code = await runLogged(
      'npx',
      ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      logFile,
      env,
    );
    if (!existsSync(report)) {
      return { passed: 0, failed: 1, skipped: 0, seconds: secondsSince(start), note: 'no report: the run crashed' };
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
      seconds: secondsSince(start),
      note,
      failures: failuresOf(json),
    };
  };
}
