import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DatabaseHandle = { db: Db; dialect: Dialect; close: () => Promise<void> };

/** PostgreSQL answers count(*) and sum() as int8; ours fit in a JS number. */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function dialectOf(url: string): Dialect {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** Opens the database a DATABASE_URL names (see config.ts): `sqlite:<path>`, `sqlite::memory:` or postgres://. */
export function openDatabase(
  url: string,
  options: { poolSize?: number; onIdleError?: (error: Error) => void } = {},
): DatabaseHandle {
  if (dialectOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: pgTypes });
    // An idle client losing its connection (database restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
