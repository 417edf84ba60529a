import type { FastifyInstance } from 'fastify';
import {
  BatchInput,
  BatchListQuery,
  BatchPatch,
  DELIVERY_PATHS,
  EnrollmentBatchInput,
  SessionInput,
  SessionPatch,
} from '../../../contract/index.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { idParam, parse, parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../platform/http/auth.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createBatchRepository } from './repository.ts';
import { createEnrollmentRepository } from '../enrollments/repository.ts';
import { batchWrites, moveEnrollment, toBatch } from './service.ts';
import { istToday } from '../../../contract/time.ts';
import { givesAccess, enrollmentView } from '../enrollments/service.ts';
import { sessionWrites, toSession } from './sessions.ts';

/** Batches (cohorts) and their sessions: the public list of a program's open batches, the admin writes. */
export default async function batchRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const audit = (trx: typeof db, actorId: number, action: string, entity: string, entityId: number, changes: unknown) =>
    createAuditRepository(trx).record({
      actorId,
      action,
      entity,
      entityId,
      changes: changes as Record<string, unknown>,
    });

  app.get(DELIVERY_PATHS.programBatches(), async (request) => {
    const programId = idParam(request.params);
    const batches = createBatchRepository(db);
    const program = await batches.program(programId);
    if (!program || !program.is_active) throw notFound();
    return (await batches.listOpen(programId, istToday())).map(toBatch);
  });

  app.get(DELIVERY_PATHS.adminBatches, { preHandler: adminOnly }, async (request) => {
    const query = parseQuery(BatchListQuery, request.query);
    return (await createBatchRepository(db).list(query.course)).map(toBatch);
  });

  app.post(DELIVERY_PATHS.adminBatches, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(BatchInput, request.body);
    const batch = await inTransaction(db, async (trx) => {
      const id = await batchWrites.create(trx, input);
      const created = toBatch((await createBatchRepository(trx).findById(id))!);
      await audit(trx, admin.id, 'create', 'batch', id, { after: created });
      return created;
    });
    return reply.code(201).send(batch);
  });

  app.get(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request) => {
    const row = await createBatchRepository(db).findById(idParam(request.params));
    if (!row) throw notFound();
    return {
      ...toBatch(row),
      sessions: (await createBatchRepository(db).sessions(row.id)).map((s) => toSession(s, s.meeting_url || null)),
    };
  });

  app.patch(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(BatchPatch, request.body ?? {});
    return inTransaction(db, async (trx) => {
      const batches = createBatchRepository(trx);
      const before = await batches.findById(id);
      if (!before) throw notFound();
      await batchWrites.update(trx, before, input);
      const after = toBatch((await batches.findById(id))!);
      await audit(trx, admin.id, 'update', 'batch', id, { before: toBatch(before), after });
      return after;
    });
  });

  app.delete(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    await inTransaction(db, async (trx) => {
      const before = await createBatchRepository(trx).findById(id);
      await batchWrites.remove(trx, id);
      await audit(trx, admin.id, 'delete', 'batch', id, { before: before && toBatch(before) });
    });
    return reply.code(204).send();
  });

  app.post(DELIVERY_PATHS.adminBatchSessions(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const batchId = idParam(request.params);
    const input = parse(SessionInput, request.body);
    const session = await inTransaction(db, async (trx) => {
      const batches = createBatchRepository(trx);
      if (!(await batches.findById(batchId))) throw notFound();
      const id = await sessionWrites.create(trx, batchId, input);
      const row = (await batches.findSession(id))!;
      await audit(trx, admin.id, 'create', 'session', id, { after: row });
      return toSession(row, row.meeting_url || null);
    });
    return reply.code(201).send(session);
  });

  app.patch(DELIVERY_PATHS.adminSession(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(SessionPatch, request.body ?? {});
    return inTransaction(db, async (trx) => {
      const batches = createBatchRepository(trx);
      const before = await batches.findSession(id);
      if (!before) throw notFound();
      await sessionWrites.update(trx, id, input);
      const after = (await batches.findSession(id))!;
      await audit(trx, admin.id, 'update', 'session', id, { before, after });
      return toSession(after, after.meeting_url || null);
    });
  });

  app.delete(DELIVERY_PATHS.adminSession(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    await inTransaction(db, async (trx) => {
      const batches = createBatchRepository(trx);
      const before = await batches.findSession(id);
      if (!before) throw notFound();
      await batches.removeSession(id);
      await audit(trx, admin.id, 'delete', 'session', id, { before });
    });
    return reply.code(204).send();
  });

  /** An administrator moves an enrollment to another batch of its program with a seat left (audited). */
  app.post(DELIVERY_PATHS.adminEnrollmentBatch(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(EnrollmentBatchInput, request.body);
    return inTransaction(db, async (trx) => {
      const enrollments = createEnrollmentRepository(trx);
      if (!(await enrollments.hold(id))) throw notFound();
      const before = (await enrollments.findRow(id))!;
      const moved = await moveEnrollment(trx, before, input.batch, givesAccess(before));
      await audit(trx, admin.id, 'move_batch', 'enrollment', id, { batch: [moved.from, moved.to] });
      return enrollmentView(trx, id);
    });
  });
}
