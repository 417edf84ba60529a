import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { TEST_DB } from './support/harness.ts';
import { freePort, recipients, startInbox, type Inbox } from './support/smtp.ts';

/**
 * The outbox across real server processes (node server/server.ts): an email committed before a SIGKILL is
 * sent after the restart, and two processes on one database never send the same email twice.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function databaseUrl(): Promise<string> {
  if (TEST_DB === 'postgres') {
    const name = `mail_proc_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    return u.toString();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-proc-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return `sqlite:${path.join(dir, 'app.sqlite')}`;
}

type Server = { url: string; child: ChildProcess; exited: Promise<unknown> };

async function startServer(dbUrl: string, smtpUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: ROOT,
    env: {
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
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return { url, child, exited };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || i > 300) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function register(server: Server, n: number, tag: string): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `${tag}${i}@example.in`;
    const res = await fetch(`${server.url}/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `${tag}${i}`, email, password: 'Str0ng!pass', first_name: 'P', last_name: 'Q' }),
    });
    expect(res.status).toBe(201);
    emails.push(email);
  }
  return emails;
}

const welcomes = (inbox: Inbox) => inbox.messages.filter((m) => m.subject?.startsWith('Welcome'));

// Server processes are started, killed and started again: under a loaded CI machine this takes longer
// than a plain API test, so these two have a minute each.
describe('the outbox across server processes', { timeout: 90_000 }, () => {
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
