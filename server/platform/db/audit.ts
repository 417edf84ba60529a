import { sql, type Expression, type SqlBool } from 'kysely';
import { istDayEnd, istDayStart } from '../../../contract/index.ts';
import type { Db } from './connect.ts';
import { nowIso } from '../lib/time.ts';

export type AuditRecord = {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: Record<string, unknown>;
};

export type AuditFilters = {
  actor?: number;
  entity?: string;
  entity_id?: number;
  action?: string;
  date_from?: string;
  date_to?: string;
};

function conditions(f: AuditFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.actor !== undefined) out.push(sql<SqlBool>`audit_log.actor_id = ${f.actor}`);
  if (f.entity) out.push(sql<SqlBool>`audit_log.entity = ${f.entity}`);
  if (f.entity_id !== undefined) out.push(sql<SqlBool>`audit_log.entity_id = ${f.entity_id}`);
  if (f.action) out.push(sql<SqlBool>`audit_log.action = ${f.action}`);
  if (f.date_from) out.push(sql<SqlBool>`audit_log.created_at >= ${istDayStart(f.date_from)}`);
  if (f.date_to) out.push(sql<SqlBool>`audit_log.created_at < ${istDayEnd(f.date_to)}`);
  return out;
}

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
    async count(filters: AuditFilters = {}): Promise<number> {
      const row = await db
        .selectFrom('audit_log')
        .where((eb) => eb.and(conditions(filters)))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: (limit: number, offset: number, filters: AuditFilters = {}) =>
      db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_id')
        .where((eb) => eb.and(conditions(filters)))
        .selectAll('audit_log')
        .select('users.username as actor_username')
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  };
}
