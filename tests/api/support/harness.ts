import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { Role } from '../../../contract/index.ts';
import { buildApp } from '../../../server/app.ts';
import { testConfig, type Config } from '../../../server/config.ts';
import { openDatabase, sqliteConnectionOf, type DatabaseHandle, type Db } from '../../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../../server/platform/db/migrate.ts';
import { inject } from 'vitest';
import { migratedTemplate } from './pg-template.ts';
import { TEST_DB, testDatabasePrefix, TEST_DATABASE_URL } from './test-databases.ts';
import { seedDemo } from '../../../server/platform/db/seed.ts';
import { hashPassword } from '../../../server/platform/lib/passwords.ts';
import {
  startSandboxGateway,
  type CheckoutResult,
  type SandboxGateway,
} from '../../../server/domains/payments/gateway/sandbox.ts';

/**
 * Builds the app in-process on a fresh database: TEST_DB=sqlite (default, in memory) or TEST_DB=postgres
 * (a new database on TEST_DATABASE_URL's server, dropped afterwards). PostgreSQL unreachable = failure.
 */

export { TEST_DB };
export const JWT_SECRET = 'test-secret-for-the-api-suite-only-0123456789';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `TEST_DB=postgres but PostgreSQL at ${TEST_DATABASE_URL} cannot be reached: ${(error as Error).message}`,
    );
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database copied from the run's migrated template: the migrations run once per run. */
async function copyOfTemplate(): Promise<string> {
  // Named after the run the global setup names (tests/api/support/global-setup.ts), read when first needed: the
  // cluster smoke test (scripts/smoke-cluster.ts) imports this module outside Vitest.
  const name = `${testDatabasePrefix(inject('apiTestRun'))}${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(TEST_DATABASE_URL)}`);
  return name;
}

let spare: Promise<string> | undefined;

/**
 * The name of a fresh copy of the template, and the next one started at once. A copy takes PostgreSQL 0.2 to
 * 0.9 s of wall time (every file of the template copied and synced to disk), and the suite's files run one
 * at a time and make about 160 of them: the copy a file's app takes was made while the previous file ran.
 * A spare left when the run ends is dropped by the project's global teardown (tests/api/support/global-setup.ts).
 */
function nextDatabase(): Promise<string> {
  const taken = spare ?? copyOfTemplate();
  spare = copyOfTemplate();
  // Whoever takes it next sees its failure; until then it is not an unhandled rejection.
  spare.catch(() => undefined);
  return taken;
}

/** A fresh, migrated database of the kind TEST_DB names. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB === 'postgres') {
    const name = await nextDatabase();
    const handle = openDatabase(withDatabase(TEST_DATABASE_URL, name), { poolSize: 20 });
    return {
      ...handle,
      close: async () => {
        // A test may have closed the pool already; the database is dropped whatever happened, while the next
        // file starts (one not dropped when the run ends, the global teardown drops).
        await handle.close().catch(() => undefined);
        void adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      },
    };
  }
  return openDatabase('sqlite::memory:', { image: await migratedSqliteImage() });
}

let sqliteImage: Promise<Buffer> | undefined;

/**
 * An in-memory SQLite database the migrations made, serialized once per process: each test database is a
 * copy of it (about 1 ms), as each PostgreSQL one is a copy of the run's migrated template, not every
 * migration run again (about 80 ms of CPU per test app).
 */
function migratedSqliteImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const handle = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(handle.db);
      const connection = sqliteConnectionOf(handle.db);
      if (!connection) throw new Error('the migrated SQLite database has no connection to serialize');
      return connection.serialize();
    } finally {
      await handle.close();
    }
  })();
  return sqliteImage;
}

export type TestUser = { id: number; username: string; password: string; access: string; refresh: string };

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
  /** The local gateway the app's adapter talks to over HTTP (RAZORPAY_API_BASE), and its webhooks back. */
  gateway: SandboxGateway;
  /** Where the app listens (webhooks from the gateway arrive here). */
  url: string;
  /**
   * Pays the payment's gateway order at the local gateway as the checkout page would (the success card
   * unless told otherwise). `webhooks: false` pays without the webhooks (a missed delivery), so the
   * completion then rests on the complete/ or verify/ call alone. Null when the payment has no order.
   */
  pay: (
    paymentId: number,
    options?: { method?: 'card' | 'upi'; card?: string; vpa?: string; webhooks?: boolean },
  ) => Promise<CheckoutResult | null>;
  /** Creates a user with a role and answers its tokens. */
  user: (username: string, role?: Role) => Promise<TestUser>;
  request: (
    options: RequestOptions,
  ) => Promise<{ status: number; body: unknown; headers: Record<string, unknown>; raw: string }>;
};

export type RequestOptions = {
  method?: InjectOptions['method'];
  url: string;
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  ip?: string;
};

let userCounter = 0;

/** Every test app of the run appends its JSON log lines to API_RUN_LOG when it is set. */
function runLog(): { write: (line: string) => void } | undefined {
  const file = process.env.API_RUN_LOG;
  if (!file) return undefined;
  return { write: (line) => fs.appendFileSync(file, line) };
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    seed?: boolean;
    logStream?: { write: (line: string) => void };
    handle?: DatabaseHandle;
  } = {},
): Promise<TestContext> {
  const handle = options.handle ?? (await freshDatabase());
  if (options.seed) await seedDemo(handle.db);
  // The real adapter against the local gateway on its own port, exactly as RAZORPAY_API_BASE sets it up.
  const gateway = await startSandboxGateway({
    keyId: 'rzp_test_apisuite',
    keySecret: 'api-suite-key-secret',
    webhookSecret: 'api-suite-webhook-secret',
  });
  const config = testConfig({
    jwtSecret: JWT_SECRET,
    staticDir: '/nonexistent-static-dir',
    // Uploads of each test app go to a directory of their own, never into the repository.
    uploadDir: path.join(os.tmpdir(), `uploads-${randomBytes(6).toString('hex')}`),
    razorpay: {
      keyId: gateway.sandbox.keyId,
      keySecret: gateway.sandbox.keySecret,
      webhookSecret: gateway.sandbox.webhookSecret,
      apiBase: gateway.url,
    },
    ...options.config,
  });
  // The API step of `npm test` keeps the log of the whole run (API_RUN_LOG) and checks it for secrets.
  const logStream = options.logStream ?? runLog();
  if (logStream && !options.logStream) config.logger = true;
  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  gateway.sandbox.setWebhookUrl(`${url}/api/payments/razorpay/webhook/`);
  const passwordHash = hashPassword('password123');

  return {
    app,
    db: handle.db,
    config,
    gateway: gateway.sandbox,
    url,
    close: async () => {
      await gateway.close();
      await app.close();
      if (!options.handle) await handle.close();
      fs.rmSync(config.uploadDir, { recursive: true, force: true });
    },
    async pay(paymentId, { method = 'card', card = '4111 1111 1111 1111', vpa, webhooks = true } = {}) {
      const row = await handle.db
        .selectFrom('payments')
        .select('gateway_order_id')
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (!row?.gateway_order_id) return null;
      const switches = gateway.sandbox.switches;
      const dropped = switches.drop;
      switches.drop = dropped || !webhooks;
      let result;
      try {
        result = gateway.sandbox.checkout({ order_id: row.gateway_order_id, method, card_number: card, vpa });
      } finally {
        switches.drop = dropped;
      }
      await gateway.sandbox.idle();
      return 'invalid' in result ? null : result;
    },
    async user(username, role = 'student') {
      const row = await handle.db
        .insertInto('users')
        .values({
          username,
          email: `${username}.${++userCounter}@example.in`,
          first_name: username[0]!.toUpperCase() + username.slice(1),
          last_name: 'Tester',
          password_hash: await passwordHash,
          role,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const tokens = await app.deps.tokens.issuePair(row.id);
      return { id: row.id, username, password: 'password123', ...tokens };
    },
    async request({ method = 'GET', url, token, body, headers = {}, ip }) {
      const response = await app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
        ...(ip ? { remoteAddress: ip } : {}),
      });
      let parsed: unknown = null;
      try {
        parsed = response.body ? JSON.parse(response.body) : null;
      } catch {
        parsed = response.body;
      }
      return { status: response.statusCode, body: parsed, headers: response.headers, raw: response.body };
    },
  };
}
