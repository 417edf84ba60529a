import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startApp } from './app.ts';
import { CHROMIUM_PATH } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory holding app.sqlite: migrated and seeded once by `npm start`, copied by every spec file. */
    e2eTemplateDir: string;
  }
}

/** The newest modification time below the given paths (files and folders, recursively). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  paths.forEach(visit);
  return newest;
}

function requireChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `\n\nE2E: Chromium is missing at ${CHROMIUM_PATH}.\n` +
        `Install Debian's package first (apt-get install -y chromium-headless-shell); the end-to-end suite never downloads a browser ` +
        `and never skips.\n`,
    );
  }
}

/** Builds the SPA once when dist/ is missing or older than its sources (npm start would otherwise do it). */
function buildSpaIfStale(): void {
  const indexHtml = join(REPO_ROOT, 'dist', 'index.html');
  const sources = ['src', 'contract', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    join(REPO_ROOT, p),
  );
  const built = existsSync(indexHtml) ? statSync(indexHtml).mtimeMs : 0;
  if (built >= newestMtime(sources)) return;
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(
      `E2E: building the SPA failed (npx vite build, exit ${result.status}).\n${result.stdout}\n${result.stderr}`,
    );
  }
  console.log(`[e2e] built the SPA in ${Date.now() - started} ms`);
}

export default async function setup(project: TestProject) {
  requireChromium();
  buildSpaIfStale();
  // One fresh database, migrated and seeded by the app itself; every spec file starts from a copy of it.
  // Started exactly as `npm start` runs (package.json's command), whatever the spec files' servers run from.
  const started = Date.now();
  const template = await startApp({ timeoutMs: 180_000, npmStart: true });
  await template.stop({ keepFiles: true });
  console.log(`[e2e] seeded the template database in ${Date.now() - started} ms (${template.dir})`);
  project.provide('e2eTemplateDir', template.dir);
  return () => {
    rmSync(template.dir, { recursive: true, force: true });
  };
}
