/**
 * The server as two bundled JavaScript files (server/server.ts and scripts/start.ts), built once per
 * `npm test` run for the tests that start server processes. Every such process would otherwise import
 * about 700 TypeScript files through tsx (about 6 CPU-seconds each on this machine; the bundle loads in
 * about 3), and the API suites, the cluster smoke test and the end-to-end suite start well over a hundred.
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
 * The tests that prove the commands themselves (`npm start` in the end-to-end setup, `npm run backup`,
 * `create-admin`, a refused start) still run them through tsx.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The source files bundled, by the name of their bundle. */
export const BUNDLED = { server: 'server/server.ts', start: 'scripts/start.ts' } as const;

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
            throw new Error(
              `${BUNDLED.server} no longer says ${CLUSTER_EXEC}: update scripts/test-all/server-bundle.ts`,
            );
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

/** Builds `<outDir>/server.mjs` and `<outDir>/start.mjs` (with source maps) from the sources under `root`. */
export async function buildServerBundles(root: string, outDir: string): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [name, source] of Object.entries(BUNDLED)) {
    const entry = join(root, source);
    await build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: join(outDir, `${name}.mjs`),
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
  }
}

/** The environment variable naming the bundles' directory for the tests' server processes. */
export const BUNDLE_ENV = 'TEST_SERVER_BUNDLE';
