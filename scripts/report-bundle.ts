/**
 * Run after `vite build` (npm run build): prints every JS and CSS chunk's raw and gzip size and fails
 * when the JavaScript the home page loads up front (its entry chunk and every chunk that entry imports
 * statically) exceeds the budget below.
 *
 * Budget: 125 kB gzip. What the home page needs before it can hydrate (named chunks, vite.config.ts):
 * React 19 + react-dom + React Router 7's data router (~95 kB gzip), XState 5 + @xstate/react for the
 * shared session (~14 kB), the contract's paths, messages and labels without zod (~2 kB) and the app shell
 * with the home page (~8 kB): about 120 kB. zod and the contract's schemas are not on this path: the
 * browser needs them only to parse an answer or check a form, so they come with the auth API (loaded
 * when a stored token is checked or a visitor logs in) and the lazy pages. The page itself is
 * server-rendered, so this JavaScript delays interactivity, not content. The ~5 kB of headroom is
 * smaller than any route chunk, so an accidental static import of a lazy route, of zod or of a UI kit
 * fails the build. (The issue's 100 kB would need a lighter router or React replacement: see
 * docs/decisions/025-server-rendering-and-web-performance.md.)
 * Other pages, the admin panel and checkout are lazy chunks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
export const HOME_BUDGET_GZIP_BYTES = 125 * 1024;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function readManifest(): Manifest {
  const file = [path.join(DIST, '.vite', 'manifest.json'), path.join(DIST, 'manifest.json')].find((f) =>
    fs.existsSync(f),
  );
  if (!file) {
    console.error('dist/.vite/manifest.json is missing: run `vite build` (build.manifest is on in vite.config.ts).');
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The entry's JS files and everything it imports statically (what loads before the first render). */
function homeFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return files;
}

function main(): void {
  const manifest = readManifest();
  const home = homeFiles(manifest);
  const assetsDir = path.join(DIST, 'assets');
  const rows = fs
    .readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => {
      const raw = fs.readFileSync(path.join(assetsDir, file));
      return { file: `assets/${file}`, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);

  console.log('\nBundle report (dist/assets)');
  console.log(`${'chunk'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
  for (const row of rows) {
    const mark = home.has(row.file) ? '  * home page' : '';
    console.log(`${row.file.padEnd(48)} ${kB(row.raw).padStart(10)} ${kB(row.gzip).padStart(10)}${mark}`);
  }
  const homeGzip = rows.filter((row) => home.has(row.file)).reduce((sum, row) => sum + row.gzip, 0);
  console.log(
    `\nHome page JavaScript (* entry + static imports): ${kB(homeGzip)} gzip; budget ${kB(HOME_BUDGET_GZIP_BYTES)}.`,
  );
  if (home.size === 0) {
    console.error('No entry chunk in the manifest.');
    process.exit(1);
  }
  if (homeGzip > HOME_BUDGET_GZIP_BYTES) {
    console.error('The home page JavaScript is over budget: look for a static import of a route chunk.');
    process.exit(1);
  }
}

main();
