import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';

export type AuditRecord = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: Record<string, unknown>;
};

/** Takes the transaction of the write it records, so the row exists exactly when the write does. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          changes: JSON.stringify(entry.changes),
          created_at: nowIso(),
        })
        .execute();
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (limit: number, offset: number) =>
      db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .selectAll('audit_log')
        .select('users.username as actor_username')
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
