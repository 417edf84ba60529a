/**
 * The server as two bundled JavaScript files (server/server.ts and scripts/start.ts) in dist-server/, built
 * when the sources changed (scripts/server-bundle-fresh.mjs decides): what `npm start` runs (through
 * scripts/start.mjs), what the benchmarks' instances run, and what the tests' server processes run. A process
 * would otherwise import about 700 TypeScript files through tsx: 2.3 s to ready at 3.4 CPU-seconds on an idle
 * 2-core machine, against 1.2 s at 1.25 from the bundle (decision record 106). The API suites, the cluster
 * smoke test and the end-to-end suite start well over a hundred, and a restarted instance is ready sooner.
 *
 * The bundles hold the project's code and the packages it imports, but for those in EXTERNAL_PACKAGES,
 * imported from node_modules as under tsx: a package's hundreds of files are then not each resolved, read,
 * scanned for their CommonJS exports and compiled as a module of its own at every start (about 0.9 of a
 * start's 4.4 CPU-seconds on this machine). A bundled package's CommonJS `require` of a Node builtin or of
 * an external package goes through the bundle's own `require` (`createRequire` in the banner).
 *
 * A module's `import.meta.url` and `import.meta.dirname` are its source file's, as under tsx, so fonts,
 * policies and demo files are found where they are. The server's own `import.meta.url` stays the bundle's
 * when it is the entry (its "am I the main module" check), and a cluster's workers run the server bundle.
 * `npm run dev`, the command-line tools (`npm run backup`, `create-admin`) and a test file run by hand without
 * `npm test` run the sources through tsx.
 *
 * A build writes into a new directory beside dist-server/ and then takes its place, so a process that starts
 * (or forks a worker) meanwhile finds either the old bundles or the new ones, never half of them.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { BUNDLED, MANIFEST, SERVER_BUNDLE_DIRNAME, staleBecause } from './server-bundle-fresh.mjs';

/**
 * The packages left out of the bundles: better-sqlite3 loads its native module, pg looks for its optional
 * native binding (pg-native), and pdfkit reads its fonts' metrics from files beside its own code
 * (`__dirname`), which a bundle's code is not. No other package the server imports reads a file relative to
 * itself (pino's worker transports would, and the server configures none).
 */
const EXTERNAL_PACKAGES = ['better-sqlite3', 'pg', 'pdfkit'];

/** The line of server/server.ts that names the file a cluster's workers run. */
const CLUSTER_EXEC = "path.join(import.meta.dirname, 'server.ts')";

function sourceMeta(root: string, outDir: string, entries: Set<string>): Plugin {
  const server = join(root, BUNDLED.server);
  return {
    name: 'source-import-meta',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        let text = readFileSync(args.path, 'utf8');
        if (args.path === server) {
          if (!text.includes(CLUSTER_EXEC)) {
            throw new Error(`${BUNDLED.server} no longer says ${CLUSTER_EXEC}: update scripts/server-bundle.ts`);
          }
          text = text.replace(CLUSTER_EXEC, JSON.stringify(join(outDir, 'server.mjs')));
        }
        if (!entries.has(args.path)) {
          text = text
            .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
            .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
        }
        return { contents: text, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
    },
  };
}

/**
 * The files whose change makes a build stale: the project's files esbuild read, and the lock files for the
 * packages (npm writes node_modules/.package-lock.json at every install; a package's own files keep the
 * dates of its tarball, so they say nothing).
 */
function inputsOf(root: string, read: string[]): string[] {
  const own = read.filter((file) => !file.startsWith('node_modules/'));
  const locks = ['package-lock.json', 'node_modules/.package-lock.json'].filter((f) => existsSync(join(root, f)));
  return [...new Set([...own, ...locks])].sort();
}

/**
 * Builds `<outDir>/server.mjs` and `<outDir>/start.mjs` (with source maps) from the sources under `root`, and
 * the record of what they were built from (`bundle.json`), in a directory beside `outDir` that then replaces it.
 */
export async function buildServerBundles(root: string, outDir: string): Promise<void> {
  const builtFrom = Date.now();
  const building = `${outDir}.${process.pid}.${builtFrom}`;
  mkdirSync(building, { recursive: true });
  const read = new Set<string>();
  for (const [name, source] of Object.entries(BUNDLED)) {
    const entry = join(root, source);
    const result = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      metafile: true,
      outfile: join(building, `${name}.mjs`),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNAL_PACKAGES,
      // Bundled CommonJS packages require Node's builtins (and the external packages) at run time.
      banner: {
        js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
      },
      // The server renders the SPA's public pages (src/entry-server.tsx); its stylesheets are the browser's.
      loader: { '.css': 'empty' },
      // Function and class names as in the sources (the bundler would otherwise rename clashing ones).
      keepNames: true,
      sourcemap: 'linked',
      // The maps name each line's source file and position, which is all a stack trace needs; without the
      // sources' text (19 MB of map instead of 6) a start reads and parses less: about 0.5 of its 3 CPU-seconds.
      sourcesContent: false,
      logLevel: 'error',
      plugins: [sourceMeta(root, outDir, new Set([entry]))],
    });
    for (const file of Object.keys(result.metafile.inputs)) read.add(file);
  }
  const manifest = { root, builtFrom, inputs: inputsOf(root, [...read]) };
  writeFileSync(join(building, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  putInPlace(building, outDir);
}

/** The code of a failed file system call (ENOENT, ENOTEMPTY...). */
const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Moves the finished build `building` to `outDir`, and the bundles that were there out of the way (then
 * removed). Two builds of one checkout may finish at the same moment (two instances started at once after an
 * update): the other may take `outDir` away before this one moves it, or put its own there before this one
 * moves in; either way this build takes the place, and both are of the same sources.
 */
export function putInPlace(building: string, outDir: string): void {
  const previous: string[] = [];
  for (let attempt = 1; ; attempt++) {
    const old = `${building}.old${attempt}`;
    try {
      renameSync(outDir, old);
      previous.push(old);
    } catch (error) {
      if (codeOf(error) !== 'ENOENT') throw error;
    }
    try {
      renameSync(building, outDir);
      break;
    } catch (error) {
      if (!['ENOTEMPTY', 'EEXIST'].includes(codeOf(error) ?? '') || attempt === 5) throw error;
    }
  }
  for (const old of previous) rmSync(old, { recursive: true, force: true });
}

/**
 * The bundles' directory under `root` (dist-server/), built first when they are not those of the sources;
 * `built` says why it was built, or is null when the bundles were already current.
 */
export async function ensureServerBundles(root: string): Promise<{ dir: string; built: string | null }> {
  const dir = join(root, SERVER_BUNDLE_DIRNAME);
  const why = staleBecause(root, dir);
  if (why !== null) await buildServerBundles(root, dir);
  return { dir, built: why };
}

/** The environment variable naming the bundles' directory for the tests' server processes. */
export const BUNDLE_ENV = 'TEST_SERVER_BUNDLE';
