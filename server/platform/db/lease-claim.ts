import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from './connect.ts';

/**
 * Claims up to `limit` rows of an outbox table that `due` says are ready, marking them `sending` until
 * `lease`: PostgreSQL skips rows another worker holds (FOR UPDATE SKIP LOCKED); SQLite (one writer) claims
 * each row with a conditional UPDATE, so two processes never claim one row. The email outbox and the
 * message outbox (WhatsApp, SMS) both claim this way; what "due" means is theirs.
 */
export async function claimLeased<Row>(
  db: Db,
  dialect: Dialect,
  table: 'outbox' | 'message_outbox',
  due: RawBuilder<boolean>,
  limit: number,
  lease: string,
): Promise<Row[]> {
  if (dialect === 'postgres') {
    const result = await sql<Row>`
      UPDATE ${sql.table(table)} SET status = 'sending', attempts = attempts + 1, locked_until = ${lease}
      WHERE id IN (
        SELECT id FROM ${sql.table(table)} WHERE ${due} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING *`.execute(db);
    return result.rows;
  }
  // One table's columns for both: the two outboxes share id, status, attempts and locked_until.
  const from = table as 'outbox';
  const candidates = await db.selectFrom(from).select('id').where(due).orderBy('id').limit(limit).execute();
  const claimed: Row[] = [];
  for (const { id } of candidates) {
    const row = await db
      .updateTable(from)
      .set({ status: 'sending', attempts: sql<number>`attempts + 1`, locked_until: lease })
      .where('id', '=', id)
      .where(due)
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row as Row);
  }
  return claimed;
}
