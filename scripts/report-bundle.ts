/**
 * Run after `vite build` (npm run build): prints every JS and CSS chunk's raw, gzip and brotli size and
 * fails when the JavaScript the home page downloads before it is interactive exceeds the budget below.
 *
 * What is counted: every script and modulepreload link the home page's first HTML names (the built
 * index.html, whose head the server sends on every page) and every chunk those import statically, in
 * kB of 1,000 bytes as browsers' developer tools and Lighthouse count them. Parts of the home page below
 * its hero load after it hydrates (src/lib/deferred-part.tsx) and are not counted. The sizes are
 * those of the files the server sends: the `.gz` (and `.br`) files the build writes next to each asset
 * (scripts/vite-precompress.ts, zopfli for gzip); a file too small to have one is counted raw.
 *
 * Budget: 100 kB gzip (issue 12). What the home page needs before it can hydrate (named chunks,
 * vite.config.ts): React 19 + react-dom (~66 kB gzip) and React Router 7 in declarative mode (~11 kB),
 * XState 5 + @xstate/react for the shared session (~13 kB), the contract's messages and errors (~2 kB)
 * and the app shell with the home page's hero (~6.5 kB). zod, the contract's schemas, the API
 * client, the token refresh, the route guards and the API's paths are not on this path: they come with
 * the first chunk that parses, validates, calls the API or guards a page.
 * See docs/decisions/026-home-page-javascript-within-100-kb.md.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
/** 100 kB as browsers' developer tools and Lighthouse count it: 100,000 bytes (not 100 KiB). */
export const HOME_BUDGET_GZIP_BYTES = 100_000;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

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

/**
 * What the home page's first HTML makes the browser download before it runs: every script and
 * modulepreload link of the built index.html (the server sends this same head, filled in, on every page),
 * and every chunk those import statically (fetched before they run, preloaded or not), by the manifest.
 */
function homeFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)) {
    const key = byFile.get(match[1]!);
    if (key) visit(key);
    else files.add(match[1]!);
  }
  return files;
}

/** The bytes the server sends for a file with that encoding: its precompressed twin, else the file. */
function served(file: string, extension: '.gz' | '.br', raw: number): number {
  const twin = `${file}${extension}`;
  return fs.existsSync(twin) ? fs.statSync(twin).size : raw;
}

function main(): void {
  const manifest = readManifest();
  const home = homeFiles(manifest);
  const assetsDir = path.join(DIST, 'assets');
  const rows = fs
    .readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => {
      const full = path.join(assetsDir, file);
      const raw = fs.statSync(full).size;
      return { file: `assets/${file}`, raw, gzip: served(full, '.gz', raw), brotli: served(full, '.br', raw) };
    })
    .sort((a, b) => b.gzip - a.gzip);

  console.log('\nBundle report (dist/assets; gzip and brotli as served)');
  console.log(`${'chunk'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
  for (const row of rows) {
    const mark = home.has(row.file) ? '  * home page' : '';
    console.log(
      `${row.file.padEnd(48)} ${kB(row.raw).padStart(10)} ${kB(row.gzip).padStart(10)} ${kB(row.brotli).padStart(10)}${mark}`,
    );
  }
  const missing = [...home].filter((file) => !rows.some((row) => row.file === file));
  if (home.size === 0 || missing.length > 0) {
    console.error(home.size === 0 ? 'No entry chunk in the manifest.' : `Not in dist/assets: ${missing.join(', ')}`);
    process.exit(1);
  }
  const homeRows = rows.filter((row) => home.has(row.file));
  const homeGzip = homeRows.reduce((sum, row) => sum + row.gzip, 0);
  const homeBrotli = homeRows.reduce((sum, row) => sum + row.brotli, 0);
  console.log(
    `\nHome page JavaScript (* every script and modulepreload its first HTML names, and their static imports): ` +
      `${kB(homeGzip)} gzip (${kB(homeBrotli)} brotli); ` +
      `budget ${kB(HOME_BUDGET_GZIP_BYTES)} gzip.`,
  );
  if (homeGzip > HOME_BUDGET_GZIP_BYTES) {
    console.error(
      'The home page JavaScript is over budget: look for a static import of a route chunk, of zod or of the API client.',
    );
    process.exit(1);
  }
}

main();
