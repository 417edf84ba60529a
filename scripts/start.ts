/**
 * What `npm start` runs, from its bundle (scripts/start.mjs runs dist-server/start.mjs; decision record 106):
 * builds the SPA when its sources (src/, contract/, machines/, public/, index.html,
 * vite.config.ts) are newer than dist/index.html (skipped while the repository has no index.html),
 * migrates the database, seeds demo content into an empty database in demo mode, and serves SPA and
 * API from one origin.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runServer, serverProcesses } from '../server/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildSpaIfStale(): void {
  const sourceIndex = path.join(ROOT, 'index.html');
  if (!fs.existsSync(sourceIndex)) {
    console.log('No index.html at the repository root: serving the API only.');
    return;
  }
  const built = path.join(ROOT, 'dist', 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(ROOT, 'src')),
    newestMtime(path.join(ROOT, 'contract')),
    newestMtime(path.join(ROOT, 'machines')),
    newestMtime(path.join(ROOT, 'public')),
    newestMtime(path.join(ROOT, 'vite.config.ts')),
    newestMtime(sourceIndex),
  );
  if (builtAt >= sourcesAt) return;
  console.log('Building the SPA (vite build)...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('vite build failed.');
    process.exit(result.status ?? 1);
  }
}

buildSpaIfStale();
runServer().then(
  ({ url, config }) => {
    // The processes that really run (the demo's sandbox gateway keeps the server to one).
    const processes = serverProcesses(config);
    // Open it by name: passkeys need the site's name (the relying party is localhost by default), not an IP.
    const open = url.replace(/^http:\/\/(127\.0\.0\.1|0\.0\.0\.0|\[::1?\])(?=[:/]|$)/, 'http://localhost');
    console.log(
      `Credit careers institute running at ${open}/ (${config.databaseUrl.startsWith('sqlite') ? 'SQLite' : 'PostgreSQL'}${config.demoMode ? ', demo mode: admin/admin123, student/student123' : ''}; ${processes} server process${processes === 1 ? '' : 'es'})`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
