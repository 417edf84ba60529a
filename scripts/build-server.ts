/**
 * `npm run build:server`: bundles the server into dist-server/ when its sources changed since the last build
 * (scripts/server-bundle.ts). `npm start` runs it first when the bundles are not current, and so do the
 * benchmarks and `npm test`, so nobody needs to run it by hand; a deployment may, to build before it starts.
 */
import path from 'node:path';
import { ensureServerBundles } from './server-bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const { dir, built } = await ensureServerBundles(ROOT);
console.log(
  built === null
    ? `The server's bundle in ${dir} is current.`
    : `Bundled the server into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s (${built}).`,
);
