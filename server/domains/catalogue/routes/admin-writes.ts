import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/connect.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createFacultyRepository } from '../repositories/content.ts';
import { diff } from '../../../platform/lib/diff.ts';
import { notFound, ValidationFailed } from '../../../platform/lib/errors.ts';
import { inTransaction } from '../../../platform/lib/transaction.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';

/**
 * The admin create / update / delete routes every content type shares: admin only, body validated
 * with the contract schema, the write and its audit row in one transaction, 201 / 200 / 204 answers.
 */
export type AdminWritesSpec<S extends z.ZodType, T extends object> = {
  entity: string;
  schema: S;
  paths: { create: string; update: string; remove: string };
  read: (db: Db, id: number) => Promise<T | undefined>;
  create: (trx: Db, input: z.output<S>) => Promise<number>;
  update: (trx: Db, id: number, input: z.output<S>, before: T) => Promise<void>;
  /** Deletes, or archives what has history; answers which. */
  remove: (trx: Db, id: number) => Promise<'deleted' | 'archived'>;
  /** After an update committed (e.g. remove a file the item no longer links). */
  afterUpdate?: (before: T, after: T) => Promise<void>;
  /** After a delete or archive committed. */
  afterRemove?: (before: T, outcome: 'deleted' | 'archived') => Promise<void>;
};

export function registerAdminWrites<S extends z.ZodType, T extends object>(
  app: FastifyInstance,
  spec: AdminWritesSpec<S, T>,
) {
  const { db } = app.deps;

  app.post(spec.paths.create, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(spec.schema, request.body);
    const item = await inTransaction(db, async (trx) => {
      const id = await spec.create(trx, input);
      const created = await spec.read(trx, id);
      await createAuditRepository(trx).record({
        actorId: admin.id,
        action: 'create',
        entity: spec.entity,
        entityId: id,
        changes: { after: created },
      });
      return created;
    });
    return reply.code(201).send(item);
  });

  app.put(spec.paths.update, { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(spec.schema, request.body);
    const { before, after } = await inTransaction(db, async (trx) => {
      const before = await spec.read(trx, id);
      if (!before) throw notFound();
      await spec.update(trx, id, input, before);
      const after = await spec.read(trx, id);
      if (!after) throw notFound();
      await createAuditRepository(trx).record({
        actorId: admin.id,
        action: 'update',
        entity: spec.entity,
        entityId: id,
        changes: diff(before, after),
      });
      return { before, after };
    });
    await spec.afterUpdate?.(before, after);
    return after;
  });

  app.delete(spec.paths.remove, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const { before, outcome } = await inTransaction(db, async (trx) => {
      const before = await spec.read(trx, id);
      if (!before) throw notFound();
      const outcome = await spec.remove(trx, id);
      await createAuditRepository(trx).record({
        actorId: admin.id,
        action: outcome === 'archived' ? 'archive' : 'delete',
        entity: spec.entity,
        entityId: id,
        changes: { before },
      });
      return { before, outcome };
    });
    await spec.afterRemove?.(before, outcome);
    return reply.code(204).send();
  });
}

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
