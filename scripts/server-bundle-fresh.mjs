/**
 * Whether the server's bundles (scripts/server-bundle.ts) are those of the sources now on disk. Plain
 * JavaScript, so that `npm start` (scripts/start.mjs) can ask it without loading tsx into the process that
 * then runs the bundle: tsx's loader would transform the bundle's 11 MB again at every start.
 *
 * A build writes `bundle.json` beside the bundles: the checkout it was built from, when the build began, and
 * every file of the project it read (esbuild's own list, node_modules and package-lock.json included). The
 * bundles are stale when that file is missing, names another checkout, or when the build's recipe (RECIPE) or any file
 * it names is gone or was changed after the build began. A file the sources did not import is no input: a new
 * file counts once a changed source imports it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The directory of the bundles `npm start`, the benchmarks and `npm test` run, under the repository root. */
export const SERVER_BUNDLE_DIRNAME = 'dist-server';

/** The source files bundled into dist-server/, by the name of their bundle (`<name>.mjs`). */
export const BUNDLED = Object.freeze({ server: 'server/server.ts', start: 'scripts/start.ts' });

/**
 * The build's recipe: a change to how the bundles are built (the externals, the plugin, esbuild's options) or to
 * this rule makes every bundle stale, whatever its record lists (records written before this rule list neither).
 */
export const RECIPE = Object.freeze(['scripts/server-bundle.ts', 'scripts/server-bundle-fresh.mjs']);

/** The name of the record a build writes beside its bundles. */
export const MANIFEST = 'bundle.json';

/**
 * Why the bundles in `dir` are not those of the sources under `root` (a sentence), or null when they are.
 * @param {string} root
 * @param {string} dir
 * @returns {string | null}
 */
export function staleBecause(root, dir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8'));
  } catch {
    return 'no server bundle has been built yet';
  }
  if (manifest.root !== root) return `the bundle was built in ${manifest.root}`;
  for (const input of [...RECIPE, ...manifest.inputs]) {
    let changed;
    try {
      changed = statSync(join(root, input)).mtimeMs;
    } catch {
      return `${input} is gone`;
    }
    if (changed > manifest.builtFrom) return `${input} changed`;
  }
  return null;
}

/**
 * The arguments package.json's `start` script gives node (`node <flags> scripts/start.mjs`): what the tests and
 * benchmarks of `npm start` itself run.
 * @param {string} root
 * @returns {string[]}
 */
export function npmStartArgs(root) {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
  const [command, ...args] = start.split(' ').filter(Boolean);
  if (command !== 'node') throw new Error(`package.json's start script no longer runs node: ${start}`);
  return args;
}
