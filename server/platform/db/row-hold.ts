import type { Db } from './connect.ts';

/** The tables whose rows a transaction holds before it reads and decides. */
export type HeldTable = 'programs' | 'workshops' | 'enrollments';

/**
 * Holds one row until the transaction ends, by a write that changes nothing (updated_at set to itself).
 * PostgreSQL takes the row lock; SQLite takes its single writer lock. Racing transactions that hold the
 * same row therefore run one after the other, each reading what the other committed. No trigger-kept
 * total moves (no watched column changes). Answers whether the row exists.
 */
export async function holdRow(db: Db, table: HeldTable, id: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
