import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, withServerNodeFlags } from '../../server/platform/node-flags.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe("the server's V8 flags (decision records 091, 092 and 101)", () => {
  it('`npm start` passes each of them to node, before the script', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const argv = scripts.start!.split(' ');
    const script = argv.indexOf('scripts/start.mjs');
    for (const flag of SERVER_NODE_FLAGS) {
      expect(argv.indexOf(flag), `${flag} in "${scripts.start}"`).toBeGreaterThan(0);
      expect(argv.indexOf(flag)).toBeLessThan(script);
    }
    // The launcher imports the server's bundle in this process and a cluster's workers inherit its flags: tsx's
    // loader would transform the 11 MB bundle at every start (decision record 106).
    expect(script).toBeGreaterThan(0);
    expect(argv).not.toContain('tsx');
  });

  it("a cluster's workers get them after the primary's own flags", () => {
    expect(withServerNodeFlags(['--import', 'tsx'])).toEqual(['--import', 'tsx', ...SERVER_NODE_FLAGS]);
  });

  it("an operator's own value of a flag wins and is not repeated", () => {
    expect(withServerNodeFlags(['--max-semi-space-size=128', '--enable-source-maps'])).toEqual([
      '--max-semi-space-size=128',
      '--enable-source-maps',
      '--no-allocation-site-pretenuring',
      '--no-memory-reducer',
    ]);
  });

  it("an operator's flag is the same flag however V8 lets it be spelled (`no-`, underscores)", () => {
    expect(withServerNodeFlags(['--allocation_site_pretenuring', '--memory_reducer'])).toEqual([
      '--allocation_site_pretenuring',
      '--memory_reducer',
      '--max-semi-space-size=64',
    ]);
    expect(withServerNodeFlags(['--max_semi_space_size=32', '--allocation-site-pretenuring'])).toEqual([
      '--max_semi_space_size=32',
      '--allocation-site-pretenuring',
      '--no-memory-reducer',
    ]);
  });

  it('node accepts each of them', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.exit(0)'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
