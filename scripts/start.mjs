/**
 * `npm start`: runs the server from its bundle (dist-server/start.mjs, built from scripts/start.ts and the
 * server's sources by scripts/server-bundle.ts), building the bundle first when it is not that of the sources on
 * disk. Plain JavaScript, and tsx only in the child that builds: with tsx's loader in this process, importing the
 * 11 MB bundle would cost more than the sources did, and a cluster's workers inherit this process's flags.
 * From the bundle an instance is ready in about half the time, at about a third of the CPU (decision record 106).
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE_DIRNAME, staleBecause } from './server-bundle-fresh.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const dir = join(ROOT, SERVER_BUNDLE_DIRNAME);
const why = staleBecause(ROOT, dir);
if (why !== null) {
  console.log(`Bundling the server (${why})...`);
  const build = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'build-server.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('Bundling the server failed.');
    process.exit(build.status ?? 1);
  }
}
await import(pathToFileURL(join(dir, 'start.mjs')).href);
