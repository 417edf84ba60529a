import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answers,
  listensOn,
  portTakenIn,
  spawnServer,
  sqliteServerEnv,
  type SpawnedServer,
} from '../support/server-spawn.ts';
import { TEST_DB } from './support/harness.ts';

/**
 * The tests' one way to start a server process (tests/support/server-spawn.ts) never hands its caller a port
 * another process holds. Every step of `npm test` chooses free ports at once; once an end-to-end file got a port a
 * server of the API suite had taken a moment before, was told "ready" by that server's answer, and failed every
 * test against it ("Not found.", then refused connections) while its own server had exited with EADDRINUSE.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'server-spawn-'));
let holder: http.Server | undefined;
let spawned: SpawnedServer | undefined;
afterAll(async () => {
  await spawned?.stop('SIGKILL');
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

describe('spawnServer', () => {
  it('reads the listening line of its own process, with the port it chose', () => {
    expect(listensOn('API listening at http://127.0.0.1:4000 (one process)', 4000)).toBe(true);
    expect(listensOn('Credit careers institute running at http://localhost:4000/ (SQLite)', 4000)).toBe(true);
    expect(listensOn('API listening at http://127.0.0.1:40001 (one process)', 4000)).toBe(false);
    expect(listensOn('Error: listen EADDRINUSE: address already in use 127.0.0.1:4000', 4000)).toBe(false);
  });

  it('knows a start refused for a taken port, by one process or by a cluster worker, and only for its port', () => {
    expect(portTakenIn('Error: listen EADDRINUSE: address already in use 127.0.0.1:4000', 4000)).toBe(true);
    // A cluster worker's (the primary binds the port for it), as a fresh-clone run met it in the cluster test.
    expect(portTakenIn('Error: bind EADDRINUSE 127.0.0.1:4000\n    at listenOnPrimaryHandle', 4000)).toBe(true);
    expect(portTakenIn('Error: bind EADDRINUSE 127.0.0.1:40001', 4000)).toBe(false);
    expect(portTakenIn('Error: connect ECONNREFUSED 127.0.0.1:4000', 4000)).toBe(false);
  });

  // The process does not depend on the database: run once, in the SQLite pass.
  it.runIf(TEST_DB === 'sqlite')(
    'given a port another process holds and answers on, starts its server on another port and returns that one',
    async () => {
      let asked = 0;
      holder = http.createServer((_request, response) => {
        asked += 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      });
      await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
      const held = (holder.address() as AddressInfo).port;

      spawned = await spawnServer({
        entry: 'server/server.ts',
        port: held,
        env: (port) =>
          sqliteServerEnv(port, path.join(dir, 'app.sqlite'), {
            JWT_SECRET: 'server-spawn-test-secret-0123456789abcdef',
            WEB_CONCURRENCY: '1',
          }),
        ready: answers('/api/health/'),
      });

      // The holder answered the first process's readiness check; that process then exited (EADDRINUSE) and the
      // server returned is the second one, on a port of its own.
      expect(asked).toBeGreaterThan(0);
      expect(spawned.port).not.toBe(held);
      expect(listensOn(spawned.output(), spawned.port)).toBe(true);
      // Its answers are the project's (the holder answers anything with the same body and counts it).
      const before = asked;
      const res = await fetch(`${spawned.base}/api/does-not-exist/`);
      expect(res.status).toBe(404);
      expect(asked).toBe(before);
    },
  );

  // Under `npm test` the process runs the run's bundle (TEST_SERVER_BUNDLE), whose source maps hold no sources'
  // text: a failing server's stack must still name the TypeScript file, line and column, as under tsx.
  it.runIf(TEST_DB === 'sqlite')('a server that fails to start names the TypeScript source of its error', async () => {
    const refused = spawnServer({
      entry: 'server/server.ts',
      env: (port) =>
        sqliteServerEnv(port, path.join(dir, 'refused.sqlite'), {
          INSTITUTE_GSTIN: 'not-a-gstin',
          WEB_CONCURRENCY: '1',
        }),
      ready: answers('/api/health/'),
    });
    await expect(refused).rejects.toThrow(/INSTITUTE_GSTIN "not-a-gstin"/);
    await expect(refused).rejects.toThrow(/at \w+ \(\S*server\/domains\/billing\/config-institute\.ts:\d+:\d+\)/);
  });
});
