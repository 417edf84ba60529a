import fs, { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST, npmStartArgs, RECIPE, staleBecause } from '../../scripts/server-bundle-fresh.mjs';
import { ensureServerBundles, putInPlace } from '../../scripts/server-bundle.ts';

/**
 * When `npm start`, the benchmarks and `npm test` rebuild the server's bundle (decision record 106): a bundle
 * older than any source it was built from would serve yesterday's code.
 */

const ROOT = join(import.meta.dirname, '..', '..');
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with two sources, the build's recipe, and a bundle built from them at `builtFrom` (ms since the epoch). */
function checkout(builtFrom: number): { dir: string; at: (file: string, ms: number) => void } {
  root = mkdtempSync(join(tmpdir(), 'bundle-fresh-'));
  mkdirSync(join(root, 'server'));
  mkdirSync(join(root, 'scripts'));
  const dir = join(root, 'dist-server');
  mkdirSync(dir);
  const at = (file: string, ms: number) => utimesSync(join(root, file), ms / 1000, ms / 1000);
  for (const file of ['server/server.ts', 'package-lock.json', ...RECIPE]) {
    writeFileSync(join(root, file), '');
    at(file, builtFrom - 60_000);
  }
  const inputs = ['package-lock.json', 'server/server.ts'];
  writeFileSync(join(dir, MANIFEST), JSON.stringify({ root, builtFrom, inputs }));
  return { dir, at };
}

describe("the server bundle's freshness", () => {
  const builtFrom = Date.parse('2026-12-04T04:00:00Z');

  it('is current while no input changed after the build began', () => {
    const { dir } = checkout(builtFrom);
    expect(staleBecause(root, dir)).toBeNull();
  });

  it('is stale once a source or the lock file changed after the build began', () => {
    const { dir, at } = checkout(builtFrom);
    at('server/server.ts', builtFrom + 1);
    expect(staleBecause(root, dir)).toBe('server/server.ts changed');
    at('server/server.ts', builtFrom - 1);
    at('package-lock.json', builtFrom + 5_000);
    expect(staleBecause(root, dir)).toBe('package-lock.json changed');
  });

  it("is stale once the build's recipe changed, though the record (as one written before the rule) lists it not", () => {
    const { dir, at } = checkout(builtFrom);
    at('scripts/server-bundle.ts', builtFrom + 1);
    expect(staleBecause(root, dir)).toBe('scripts/server-bundle.ts changed');
  });

  it('is stale when an input is gone, when nothing was built, or when it was built in another checkout', () => {
    const { dir } = checkout(builtFrom);
    rmSync(join(root, 'server', 'server.ts'));
    expect(staleBecause(root, dir)).toBe('server/server.ts is gone');
    expect(staleBecause(root, join(root, 'nothing-here'))).toBe('no server bundle has been built yet');
    expect(staleBecause(join(root, 'server'), dir)).toBe(`the bundle was built in ${root}`);
  });

  it('a build records every project file it read and the lock files, and is then current', async () => {
    const { dir } = await ensureServerBundles(ROOT);
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as { root: string; inputs: string[] };
    expect(manifest.root).toBe(ROOT);
    expect(manifest.inputs).toEqual(
      expect.arrayContaining([
        'server/server.ts',
        'scripts/start.ts',
        'server/domains/assessments/attempts.ts',
        'package-lock.json',
      ]),
    );
    expect(
      manifest.inputs.filter((file) => file.startsWith('node_modules/') && !file.endsWith('.package-lock.json')),
    ).toEqual([]);
    expect(staleBecause(ROOT, dir)).toBeNull();
  });

  it("npm start's arguments are package.json's start script after `node`", () => {
    const args = npmStartArgs(ROOT);
    expect(args.at(-1)).toBe('scripts/start.mjs');
    expect(args).not.toContain('tsx');
  });
});

describe('a finished build takes its place when another build of the checkout finishes at the same moment', () => {
  const rename = fs.renameSync;
  afterEach(() => {
    fs.renameSync = rename;
    syncBuiltinESMExports();
  });

  /** Before the next rename to `to`, what the other build does then (node:fs's own renameSync, patched once). */
  function meanwhile(to: string, other: () => void): void {
    fs.renameSync = (from: fs.PathLike, target: fs.PathLike) => {
      if (target === to) {
        fs.renameSync = rename;
        syncBuiltinESMExports();
        other();
      }
      return rename(from, target);
    };
    syncBuiltinESMExports();
  }

  /** The bundles there before, and this build's, finished beside them. */
  function builds(): { outDir: string; building: string } {
    root = mkdtempSync(join(tmpdir(), 'bundle-place-'));
    const outDir = join(root, 'dist-server');
    const building = `${outDir}.123.456`;
    for (const [dir, text] of [
      [outDir, 'before'],
      [building, 'ours'],
    ]) {
      mkdirSync(dir!);
      writeFileSync(join(dir!, 'server.mjs'), text!);
    }
    return { outDir, building };
  }

  it('the other put its bundles in place between ours moving the old ones out and moving in', () => {
    const { outDir, building } = builds();
    meanwhile(outDir, () => {
      mkdirSync(outDir);
      writeFileSync(join(outDir, 'server.mjs'), 'theirs');
    });
    putInPlace(building, outDir);
    expect(readFileSync(join(outDir, 'server.mjs'), 'utf8')).toBe('ours');
    expect(readdirSync(root)).toEqual(['dist-server']);
  });

  it('the other moved the old bundles out first', () => {
    const { outDir, building } = builds();
    meanwhile(`${building}.old1`, () => rmSync(outDir, { recursive: true }));
    putInPlace(building, outDir);
    expect(readFileSync(join(outDir, 'server.mjs'), 'utf8')).toBe('ours');
    expect(readdirSync(root)).toEqual(['dist-server']);
  });
});
