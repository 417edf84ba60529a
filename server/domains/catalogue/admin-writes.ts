import type { Db } from '../../platform/db/connect.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { diff } from '../../platform/lib/diff.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createFacultyRepository } from './repositories/content.ts';

/**
 * What one content type (program, workshop, faculty, resource, testimonial, story) does on an administrator's
 * write; `createAdminWrites` wraps it in the transaction with its audit row.
 */
export type ContentWrites<I, T extends object> = {
  entity: string;
  read: (db: Db, id: number) => Promise<T | undefined>;
  create: (trx: Db, input: I) => Promise<number>;
  update: (trx: Db, id: number, input: I, before: T) => Promise<void>;
  /** Deletes, or archives what has history; answers which. */
  remove: (trx: Db, id: number) => Promise<'deleted' | 'archived'>;
  /** After an update committed (e.g. remove a file the item no longer links). */
  afterUpdate?: (before: T, after: T) => Promise<void>;
  /** After a delete or archive committed. */
  afterRemove?: (before: T, outcome: 'deleted' | 'archived') => Promise<void>;
};

/** The administrator's create / update / delete of one content type: the write and its audit row in one transaction. */
export function createAdminWrites<I, T extends object>(db: Db, spec: ContentWrites<I, T>) {
  return {
    /** The created item, as the API shows it. */
    create: (adminId: number, input: I): Promise<T | undefined> =>
      inTransaction(db, async (trx) => {
        const id = await spec.create(trx, input);
        const created = await spec.read(trx, id);
        await createAuditRepository(trx).record({
          actorId: adminId,
          action: 'create',
          entity: spec.entity,
          entityId: id,
          changes: { after: created },
        });
        return created;
      }),

    /** The updated item (404 when there is none). */
    async update(adminId: number, id: number, input: I): Promise<T> {
      const { before, after } = await inTransaction(db, async (trx) => {
        const before = await spec.read(trx, id);
        if (!before) throw notFound();
        await spec.update(trx, id, input, before);
        const after = await spec.read(trx, id);
        if (!after) throw notFound();
        await createAuditRepository(trx).record({
          actorId: adminId,
          action: 'update',
          entity: spec.entity,
          entityId: id,
          changes: diff(before, after),
        });
        return { before, after };
      });
      await spec.afterUpdate?.(before, after);
      return after;
    },

    /** Deletes the item, or archives it when it has history (404 when there is none). */
    async remove(adminId: number, id: number): Promise<void> {
      const { before, outcome } = await inTransaction(db, async (trx) => {
        const before = await spec.read(trx, id);
        if (!before) throw notFound();
        const outcome = await spec.remove(trx, id);
        await createAuditRepository(trx).record({
          actorId: adminId,
          action: outcome === 'archived' ? 'archive' : 'delete',
          entity: spec.entity,
          entityId: id,
          changes: { before },
        });
        return { before, outcome };
      });
      await spec.afterRemove?.(before, outcome);
    },
  };
}

export type AdminWrites<I, T extends object> = ReturnType<typeof createAdminWrites<I, T>>;

/**
 * The faculty reference of a write: undefined (omitted) keeps the current one, null clears it, an id
 * must name an existing faculty member (else a field error).
 */
export async function facultyReference(
  trx: Db,
  field: string,
  id: number | null | undefined,
): Promise<{ value?: number | null }> {
  if (id === undefined) return {};
  if (id === null) return { value: null };
  if (!(await createFacultyRepository(trx).exists(id)))
    throw new ValidationFailed({ [field]: ['Unknown faculty member.'] });
  return { value: id };
}
