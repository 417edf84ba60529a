import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/connect.ts';
import { answers, spawnServer } from '../support/server-spawn.ts';
import { serverDatabase } from './support/server-process.ts';
import { freePort, recipients, startInbox, type Inbox } from './support/smtp.ts';

/**
 * The outbox across real server processes (node server/server.ts): an email committed before a SIGKILL is
 * sent after the restart, and two processes on one database never send the same email twice.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function databaseUrl(): Promise<string> {
  const { url, drop } = await serverDatabase();
  cleanups.push(drop);
  return url;
}

type Server = { url: string; child: ChildProcess; exited: Promise<unknown> };

async function startServer(dbUrl: string, smtpUrl: string): Promise<Server> {
  const server = await spawnServer({
    entry: 'server/server.ts',
    env: (port) => ({
      ...process.env,
      NODE_ENV: 'test',
      DEMO_MODE: '1',
      PORT: String(port),
      DATABASE_URL: dbUrl,
      SMTP_URL: smtpUrl,
      JWT_SECRET: 'mail-process-test-secret-0123456789abcdef',
      MAIL_POLL_MS: '100',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_LEASE_SECONDS: '30',
      WEB_CONCURRENCY: '1',
      REGISTER_MAX_PER_ADDRESS: '1000',
    }),
    ready: answers('/api/health/'),
  });
  cleanups.push(async () => void (await server.stop('SIGKILL')));
  return { url: server.base, child: server.child, exited: server.exited };
}

async function register(server: Server, n: number, tag: string): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${tag}${i}@example.in`;
    const res = await fetch(`${server.url}/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `${tag}${i}`,
        email,
        password: 'Str0ng!pass',
        first_name: 'P',
        last_name: 'Q',
        is_adult: true,
      }),
    });
    expect(res.status).toBe(201);
    emails.push(email);
  }
  return emails;
}

const welcomes = (inbox: Inbox) => inbox.messages.filter((m) => m.subject?.startsWith('Welcome'));

// Server processes are started, killed and started again: under a loaded CI machine this takes longer
// than a plain API test, so these two have a minute each.
describe('the outbox across server processes', { timeout: 180_000 }, () => {
  it('sends, after a restart, every email committed before the server was killed with SIGKILL', async () => {
    const dbUrl = await databaseUrl();
    // The mail relay is down while the first server runs: every attempt fails and is retried later.
    const smtpPort = await freePort();
    const first = await startServer(dbUrl, `smtp://127.0.0.1:${smtpPort}`);
    const expected = await register(first, 6, 'killed');
    first.child.kill('SIGKILL');
    await first.exited;
    const handle = openDatabase(dbUrl);
    const rows = await handle.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    await handle.close();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.status !== 'sent')).toBe(true);

    const inbox = await startInbox(smtpPort);
    cleanups.push(() => inbox.close());
    await startServer(dbUrl, inbox.url);
    await inbox.waitFor(6, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(welcomes(inbox).flatMap(recipients).sort()).toEqual(expected.sort());
  });

  it('never sends one email twice with two server processes on one database', async () => {
    const dbUrl = await databaseUrl();
    const inbox = await startInbox();
    cleanups.push(() => inbox.close());
    const a = await startServer(dbUrl, inbox.url);
    const b = await startServer(dbUrl, inbox.url);
    const [fromA, fromB] = await Promise.all([register(a, 15, 'alpha'), register(b, 15, 'beta')]);
    await inbox.waitFor(30, 30_000);
    // Both workers keep polling; give a duplicate time to show up.
    await new Promise((r) => setTimeout(r, 1000));
    const ids = welcomes(inbox).map((m) => m.messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(welcomes(inbox).flatMap(recipients).sort()).toEqual([...fromA, ...fromB].sort());
  });
});
