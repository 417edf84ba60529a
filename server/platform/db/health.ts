import { sql } from 'kysely';
import type { Db } from './connect.ts';

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
