import { sql } from 'kysely';
import type { Db } from '../../../server/platform/db/connect.ts';
import { UNCLASSIFIED_TABLES } from '../../../server/domains/privacy/personal-data/index.ts';
import type { TEST_DB } from './harness.ts';

/** Every column of the live schema by table (generated ones too), without the tables privacy does not classify. */
export async function liveColumns(db: Db, dialect: typeof TEST_DB): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (dialect === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()`.execute(db);
    for (const r of rows.rows) (out[r.table_name] ??= []).push(r.column_name);
  } else {
    const tables = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
    for (const t of tables.rows) {
      // table_xinfo, not table_info: it also lists generated columns (users.search_text).
      const cols = await sql<{ name: string }>`SELECT name FROM pragma_table_xinfo(${t.name})`.execute(db);
      out[t.name] = cols.rows.map((c) => c.name);
    }
  }
  for (const t of UNCLASSIFIED_TABLES) delete out[t];
  return out;
}
