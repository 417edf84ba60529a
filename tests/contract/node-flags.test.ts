import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, workerExecArgv } from '../../server/platform/node-flags.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe("the server's V8 flags (decision record 091)", () => {
  it('`npm start` passes each of them to node, before the script', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const argv = scripts.start!.split(' ');
    const script = argv.indexOf('scripts/start.ts');
    for (const flag of SERVER_NODE_FLAGS) {
      expect(argv.indexOf(flag), `${flag} in "${scripts.start}"`).toBeGreaterThan(0);
      expect(argv.indexOf(flag)).toBeLessThan(script);
    }
  });

  it("a cluster's workers get them after the primary's own flags", () => {
    expect(workerExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', ...SERVER_NODE_FLAGS]);
  });

  it("an operator's own value of a flag wins and is not repeated", () => {
    expect(workerExecArgv(['--max-semi-space-size=128', '--enable-source-maps'])).toEqual([
      '--max-semi-space-size=128',
      '--enable-source-maps',
    ]);
  });
});
