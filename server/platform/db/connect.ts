import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { useNamedStatements } from './named-statements.ts';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

/**
 * Each database's driver is loaded when a database of its kind is first opened, not when this module is: a
 * process on SQLite never loads pg and its modules (they showed in a CPU profile of a server's start) and one on
 * PostgreSQL never loads better-sqlite3's native module.
 */
const requireDriver = createRequire(import.meta.url);
const driverOfPostgres = () => requireDriver('pg') as typeof pg;
const driverOfSqlite = () => requireDriver('better-sqlite3') as typeof SQLite;

/** PostgreSQL answers count(*) and sum() as int8; ours fit in a JS number. */
const INT8_OID = 20;
const pgTypes = (driver: typeof pg) => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
});

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** At most this many distinct SQL texts keep a prepared statement (the app has a few hundred at most). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A reading statement that hands back plain objects built by a function made for its columns: the
 * statement runs in better-sqlite3's raw mode (arrays), which is more than twice as fast as its object
 * mode for wide rows (an admin page of 50 payments with their student and course: about 390 µs against
 * 180 µs), and the objects are the same (same keys in the same order, a later column of the same name
 * winning as before).
 */
function readingStatement(statement: SQLite.Statement): SqliteStatement {
  statement.raw(true);
  const columns = statement.columns().map((column) => column.name);
  // The keys are the statement's own column names, quoted by JSON.stringify: no outside text gets in.
  const toObject = new Function(
    'row',
    `return {${columns.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')}};`,
  ) as (row: unknown[]) => Record<string, unknown>;
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters as unknown[]) as unknown[];
      for (let i = 0; i < rows.length; i++) rows[i] = toObject(rows[i] as unknown[]);
      return rows;
    },
    run: (parameters) => statement.run(parameters as unknown[]),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters as unknown[])) yield toObject(row as unknown[]);
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query it runs; better-sqlite3's prepare parses and plans the SQL
 * each time. The same SQL text gives the same statement, so each is prepared once and reused (the driver
 * runs a statement to completion synchronously before the next, so sharing is safe; SQLite re-plans a
 * statement itself after a schema change).
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      // Kysely opens transactions with a deferred `begin`: one that reads before it writes cannot wait for
      // another process's write lock (SQLITE_BUSY_SNAPSHOT at once, busy_timeout or not). Every transaction
      // of the app writes, so each takes the write lock at its start and waits its turn (busy_timeout):
      // processes sharing the file queue up instead of failing a racer.
      if (sql === 'begin') sql = 'begin immediate';
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader ? readingStatement(prepared) : prepared;
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The better-sqlite3 connection under each SQLite Kysely instance, for the few reads made synchronously. */
const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/** The SQLite connection under `db` (undefined on PostgreSQL): repositories/versions.ts reads through it. */
export function sqliteConnectionOf(db: Db): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/**
 * The database could not serve a request in time, a sign of load rather than of a fault: no pool connection
 * came free within the acquire timeout (PostgreSQL; pg-pool's error carries no code, only this message), a
 * statement ran past DB_STATEMENT_TIMEOUT_MS and PostgreSQL cancelled it (SQLSTATE 57014, query_canceled; most
 * often a wait for a row another transaction holds), or another connection held SQLite's write lock past the
 * busy timeout (inTransaction has retried by then).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_BUSY_SNAPSHOT' ||
    message === 'timeout exceeded when trying to connect' ||
    // PostgreSQL's query_canceled: the statement ran past statement_timeout (often waiting on another's row lock).
    code === '57014'
  );
}

/** Opens the database a DATABASE_URL names (see config.ts): `sqlite:<path>`, `sqlite::memory:` or postgres://. */
export function openDatabase(
  url: string,
  options: {
    poolSize?: number;
    onIdleError?: (error: Error) => void;
    /** PostgreSQL: give up waiting for a pool connection after this (default 5 s). */
    acquireTimeoutMs?: number;
    /** PostgreSQL: cancel any statement running longer (default 15 s). */
    statementTimeoutMs?: number;
    /** SQLite: wait this long for another connection's write lock (default 5 s). */
    busyTimeoutMs?: number;
    /**
     * SQLite in memory only (`sqlite::memory:`): start from this serialized database (better-sqlite3's
     * `serialize()` of another one), a copy of its schema and rows, instead of an empty one.
     */
    image?: Buffer;
  } = {},
): DatabaseHandle {
  if (dialectOf(url) === 'postgres') {
    const driver = driverOfPostgres();
    const pool = new driver.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      types: pgTypes(driver),
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 5000,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
    });
    // An idle client losing its connection (database restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    pool.on('connect', useNamedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (options.image && file !== ':memory:') throw new Error(`A database image opens in memory only, not at ${file}.`);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const Sqlite = driverOfSqlite();
  const sqlite = new Sqlite(options.image ?? file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  sqlite.pragma('foreign_keys = ON');
  // FULL: a commit is on disk before its answer is sent, power loss included (WAL with NORMAL could lose
  // the last commits). Cost measured with npm run bench:durability: see docs/operations.md.
  sqlite.pragma('synchronous = FULL');
  // PostgreSQL's strpos (1-based position of a part in a text, 0 when absent), so a query may use it on both:
  // the admin lists check a common term's students with it (record-filters.ts).
  sqlite.function('strpos', { deterministic: true }, (text: unknown, part: unknown) =>
    text === null || part === null ? null : String(text).indexOf(String(part)) + 1,
  );
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  sqliteConnections.set(db, sqlite);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
