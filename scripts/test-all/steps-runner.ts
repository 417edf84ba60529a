/**
 * Runs the steps of `npm test` side by side (TEST_JOBS at a time, default 3: the machine has two cores and
 * most steps are one process that waits on a database or a browser part of the time), each step's output
 * into its own log file, printed when the step ends (a failed step's whole log, a passed step's last lines),
 * so parallel output never interleaves. A step may wait for others (`after`: the end-to-end suite for the
 * production build it serves, the suites that load better-sqlite3 for its native module).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from './log.ts';

export type Outcome = {
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** The failed tests, named, for the summary. */
  failures?: string[];
};
export type Step = {
  name: string;
  title: string;
  /** Steps that must have ended before this one starts. */
  after?: string[];
  /**
   * How many of the `jobs` slots the step takes while it runs (default 1): the native module's build, one
   * compiler that never waits, takes two of the default three, so one other step runs beside it on two cores.
   */
  slots?: number;
  run: (logFile: string) => Promise<Outcome>;
};

export const ROOT = new URL('../..', import.meta.url).pathname;
export const REPORTS = join(ROOT, '.tmp', 'test-reports');

/** Runs a command with its output appended to the step's log file; answers its exit code. */
export function runLogged(cmd: string, args: string[], logFile: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const fd = openSync(logFile, 'a');
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    const done = (code: number) => {
      closeSync(fd);
      resolve(code);
    };
    child.on('close', (code) => done(code ?? 1));
    child.on('error', () => done(127));
  });
}

export function secondsSince(since: number) {
  return Math.round((Date.now() - since) / 100) / 10;
}

const PASSED_TAIL = 12;
const FAILED_MAX = 4000;

function printLog(logFile: string, failed: boolean) {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return;
  }
  const lines = text.split('\n');
  const shown = failed ? lines.slice(-FAILED_MAX) : lines.slice(-PASSED_TAIL);
  if (lines.length > shown.length) console.log(`[… ${lines.length - shown.length} earlier lines in ${logFile}]`);
  console.log(shown.join('\n'));
}

/** Runs every step once its `after` steps have ended, as many at a time as fit in `jobs` slots, in the order given. */
export async function runSteps(steps: Step[], jobs: number): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const waiting = [...steps];
  const running = new Set<Promise<void>>();
  /** The slots the running steps take (`slots`, 1 by default). */
  const taken = new Map<Promise<void>, number>();
  const used = () => [...taken.values()].reduce((n, s) => n + s, 0);
  const fits = (s: Step) => used() === 0 || used() + (s.slots ?? 1) <= jobs;
  const names = new Set(steps.map((s) => s.name));
  const ready = (s: Step) => (s.after ?? []).every((n) => !names.has(n) || outcomes.has(n));
  const started = Date.now();

  const start = (step: Step) => {
    const logFile = join(REPORTS, `${step.name}.log`);
    log(`${step.name} started at +${secondsSince(started)}s: ${step.title}`);
    const blocked = (step.after ?? []).filter((n) => (outcomes.get(n)?.failed ?? 0) > 0);
    const task = (async () => {
      let outcome: Outcome;
      if (blocked.length) {
        outcome = { passed: 0, failed: 1, skipped: 0, seconds: 0, note: `not run: ${blocked.join(', ')} failed` };
      } else {
        try {
          outcome = await step.run(logFile);
        } catch (error) {
          console.error(error instanceof Error ? error.message : error);
          outcome = { passed: 0, failed: 1, skipped: 0, seconds: 0, note: 'could not run' };
        }
      }
      outcomes.set(step.name, outcome);
      log(
        `${step.name} ${outcome.failed ? 'FAILED' : 'passed'} at +${secondsSince(started)}s (${outcome.seconds}s): ` +
          `${outcome.passed} passed, ${outcome.failed} failed${outcome.note ? ` (${outcome.note})` : ''}`,
      );
      printLog(logFile, outcome.failed > 0);
    })();
    running.add(task);
    taken.set(task, step.slots ?? 1);
    void task.finally(() => {
      running.delete(task);
      taken.delete(task);
    });
  };

  while (waiting.length || running.size) {
    for (;;) {
      const i = waiting.findIndex((s) => ready(s) && fits(s));
      if (i === -1) break;
      start(waiting.splice(i, 1)[0]!);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  return outcomes;
}
