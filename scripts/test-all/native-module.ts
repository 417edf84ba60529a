/**
 * better-sqlite3's native module, built beside the first steps of `npm test` when the install left it out.
 *
 * `npm ci` compiles it (node-gyp over SQLite's one large C file, about 90 s on one core of a slow 2-core machine:
 * its prebuilt binary comes from GitHub, which a machine without internet beyond the npm registry cannot reach),
 * and the other core idles meanwhile. `.ci/run` installs with `--ignore-scripts` instead: this module then starts
 * the same build (`npm rebuild better-sqlite3`, the package's own install script) as soon as `npm test` starts,
 * and the steps that load the module (`after: ['native']` in scripts/test-all.ts) wait for it while the ones that
 * do not (the build, the type check, lint, format) use the other core. With the module there, nothing is built.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPORTS, ROOT, runLogged, secondsSince, type Outcome, type Step } from './steps-runner.ts';

const BINARY = join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

/** Whether the install left the native module out. */
export const nativeModuleMissing = () => !existsSync(BINARY);

/**
 * Starts building the native module when it is missing, its output into `logFile`; answers the step's outcome
 * once it is there (a failed build is one failure; a module already there counts nothing).
 */
function buildNativeModule(logFile: string): Promise<Outcome> {
  const start = Date.now();
  if (!nativeModuleMissing()) {
    return Promise.resolve({ passed: 0, failed: 0, skipped: 0, seconds: 0, note: 'already built by the install' });
  }
  return runLogged('npm', ['rebuild', 'better-sqlite3'], logFile).then((code) => {
    const built = code === 0 && !nativeModuleMissing();
    return {
      passed: built ? 1 : 0,
      failed: built ? 0 : 1,
      skipped: 0,
      seconds: secondsSince(start),
      note: built ? 'built: the install had skipped it' : `npm rebuild better-sqlite3 exited ${code}`,
    };
  });
}

/** The name the steps that load better-sqlite3 wait for (`after`): the API suites, the servers, the contract tests. */
export const NATIVE = 'native';

let build: Promise<Outcome> | undefined;
/** Starts the build once (when the module is missing), as early as `npm test` can; answers its outcome. */
export const startNativeBuild = () => (build ??= buildNativeModule(join(REPORTS, `${NATIVE}.log`)));

/**
 * The step: it waits for the build started before the steps. The build is one compiler that never waits, so it
 * takes two of the default three job slots: one other step runs beside it, and the compile keeps its core (beside
 * three steps on two cores, it took 202 s instead of about 90, and every step that loads the module waited).
 */
export const NATIVE_STEP: Step = {
  name: NATIVE,
  title: "better-sqlite3's native module, when the install skipped it (.ci/run's npm ci --ignore-scripts)",
  slots: 2,
  run: () => startNativeBuild(),
};
