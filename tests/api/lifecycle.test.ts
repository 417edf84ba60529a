import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { TEST_DB } from './support/harness.ts';
import { serverDatabase, startServerProcess, type ServerProcess } from './support/server-process.ts';

/** Slow clients, shutdown with a deadline, and readiness with a stalled database, on real processes. */

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** Opens a connection and sends the headers of a POST announcing 1000 bytes, and only 10 of them. */
function halfSentRequest(port: number): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /auth/token/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"usernam',
      );
      resolve({ socket, received: () => data, closed });
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (d) => (data += d));
    socket.on('error', () => undefined);
    socket.once('error', reject);
  });
}

const within = <T>(ms: number, promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);

async function server(env: Record<string, string>): Promise<ServerProcess> {
  const { url, drop } = await serverDatabase();
  drops.push(drop);
  const started = await startServerProcess({ DATABASE_URL: url, DEMO_MODE: '0', ...env });
  drops.unshift(async () => void (await started.stop('SIGKILL')));
  return started;
}

describe('slow clients', () => {
  it('a body that stops arriving is cut off with 408 and the connection closed', async () => {
    const proc = await server({ REQUEST_TIMEOUT_SECONDS: '2', HEADERS_TIMEOUT_SECONDS: '2' });
    const half = await halfSentRequest(proc.port);
    await within(10_000, half.closed, 'connection closed');
    expect(half.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The server still serves everyone else.
    expect((await fetch(`${proc.base}${API.health}`)).status).toBe(200);
  }, 180_000);
});

describe('SIGTERM with a deadline', () => {
  it('with a half-sent request open, the process is gone within the shutdown deadline', async () => {
    const proc = await server({ SHUTDOWN_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '120' });
    const half = await halfSentRequest(proc.port);
    const stopping = proc.stop('SIGTERM');
    // Deadline 2 s plus process exit; before the deadline existed this waited for the client (minutes).
    const code = await within(6_000, stopping, 'process exit');
    expect(code).not.toBeNull();
    await within(2_000, half.closed, 'client connection closed');
  }, 180_000);

  it('requests in flight when SIGTERM arrives are still answered', async () => {
    const proc = await server({ SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const half = await halfSentRequest(proc.port);
    const stopping = proc.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    // The client finishes its body after SIGTERM: it still gets an answer (its request, or 503 from a
    // closing server), never a dropped connection.
    half.socket.write(`e":"nobody","password":"wrong"}`.padEnd(1000 - 9, ' '));
    // The waits are guards against a hang, longer than the server's 10 s deadline: past the deadline the
    // server drops the connection unanswered, which the status check below catches. (On a loaded 2-core
    // machine the answer once came later than the 8 s these guards were before.)
    await within(15_000, half.closed, 'answered and closed');
    expect(half.received()).toMatch(/^HTTP\/1\.1 (401|503) /);
    await within(15_000, stopping, 'process exit');
  }, 180_000);
});

describe('readiness with a stalled database', () => {
  it.runIf(TEST_DB === 'postgres')(
    'GET /api/ready/ answers 503 within a second when no connection is free',
    async () => {
      const { url, drop } = await serverDatabase();
      drops.push(drop);
      const handle = openDatabase(url, { poolSize: 1, acquireTimeoutMs: 5000 });
      await migrateToLatest(handle.db);
      const app = await buildApp({
        config: testConfig({ jwtSecret: 'x'.repeat(40) }),
        db: handle.db,
        dialect: handle.dialect,
      });
      try {
        // The only connection is busy for three seconds: the database "does not answer".
        const busy = sql`SELECT pg_sleep(3)`.execute(handle.db);
        const ready = await within(2_500, app.inject({ url: API.ready }), 'readiness answer');
        expect(ready.statusCode).toBe(503);
        expect(JSON.parse(ready.body)).toEqual({ detail: 'Service unavailable.' });
        expect((await app.inject({ url: API.health })).statusCode).toBe(200);
        await busy;
      } finally {
        await app.close();
        await handle.close();
      }
    },
    30_000,
  );

  it('GET /api/ready/ answers 503 while a migration is missing', async () => {
    const { url, drop } = await serverDatabase();
    drops.push(drop);
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    const app = await buildApp({
      config: testConfig({ jwtSecret: 'x'.repeat(40) }),
      db: handle.db,
      dialect: handle.dialect,
    });
    try {
      expect((await app.inject({ url: API.ready })).statusCode).toBe(200);
      await handle.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '006_refresh_token_families' as never)
        .execute();
      expect((await app.inject({ url: API.ready })).statusCode).toBe(503);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
