import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/platform/node-flags.ts';
import { withChildren } from '../../scripts/bench/exam-cost.ts';
import {
  answers,
  argvOf,
  REPO_ROOT,
  spawnServer,
  sqliteServerEnv,
  type SpawnedServer,
} from '../support/server-spawn.ts';
import { TEST_DB } from './support/harness.ts';

/**
 * `npm start` runs the server from its bundle (dist-server/, decision record 106), in its own process and in
 * every worker of its cluster, with the server's V8 flags and without tsx: with tsx's loader registered, a
 * process would transform the 11 MB bundle at every start (8 to 9 s to ready on a 2-core machine, against
 * about 1.2 s), and a cluster's workers inherit the flags of the process that forks them.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'npm-start-'));
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it.runIf(TEST_DB === 'sqlite')(
    "runs the server's bundle with its V8 flags and no tsx, in its process and its cluster's two workers",
    async () => {
      server = await spawnServer({
        entry: 'scripts/start.ts',
        npmStart: true,
        env: (port) => sqliteServerEnv(port, path.join(dir, 'app.sqlite'), { DEMO_MODE: '0', WEB_CONCURRENCY: '2' }),
        ready: answers('/api/health/'),
        timeoutMs: 120_000,
      });
      expect(server.output()).toMatch(/2 server processes/);
      const primary = argvOf(server.child.pid!);
      expect(primary.at(-1)).toBe('scripts/start.mjs');
      const workers = withChildren(server.child.pid!).slice(1).map(argvOf);
      expect(workers).toHaveLength(2);
      for (const argv of [primary, ...workers]) {
        expect(argv.join(' ')).not.toMatch(/tsx/);
        for (const flag of SERVER_NODE_FLAGS) expect(argv).toContain(flag);
        expect(argv).toContain('--enable-source-maps');
      }
      for (const argv of workers) expect(argv.at(-1)).toBe(path.join(REPO_ROOT, 'dist-server', 'server.mjs'));
      const health = await fetch(`${server.base}/api/health/`);
      expect(health.status).toBe(200);
    },
  );
});
