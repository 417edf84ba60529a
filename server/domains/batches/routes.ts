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
import { idParam, parse, parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../platform/http/auth.ts';
import {
  adminBatch,
  adminBatches,
  createBatch,
  createSession,
  deleteBatch,
  deleteSession,
  moveToBatch,
  openBatches,
  updateBatch,
  updateSession,
} from './admin.ts';

/** Batches (cohorts) and their sessions: the public list of a program's open batches, the admin writes. */
export default async function batchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get(DELIVERY_PATHS.programBatches(), async (request) => openBatches(db, idParam(request.params)));

  app.get(DELIVERY_PATHS.adminBatches, { preHandler: adminOnly }, async (request) =>
    adminBatches(db, parseQuery(BatchListQuery, request.query).course),
  );

  app.post(DELIVERY_PATHS.adminBatches, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(BatchInput, request.body);
    return reply.code(201).send(await createBatch(db, admin, input));
  });

  app.get(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request) =>
    adminBatch(db, idParam(request.params)),
  );

  app.patch(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    return updateBatch(db, admin, id, parse(BatchPatch, request.body ?? {}));
  });

  app.delete(DELIVERY_PATHS.adminBatch(), { preHandler: adminOnly }, async (request, reply) => {
    await deleteBatch(db, requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });

  app.post(DELIVERY_PATHS.adminBatchSessions(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const batchId = idParam(request.params);
    const input = parse(SessionInput, request.body);
    return reply.code(201).send(await createSession(db, admin, batchId, input));
  });

  app.patch(DELIVERY_PATHS.adminSession(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    return updateSession(db, admin, id, parse(SessionPatch, request.body ?? {}));
  });

  app.delete(DELIVERY_PATHS.adminSession(), { preHandler: adminOnly }, async (request, reply) => {
    await deleteSession(db, requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });

  /** An administrator moves an enrollment to another batch of its program with a seat left (audited). */
  app.post(DELIVERY_PATHS.adminEnrollmentBatch(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    return moveToBatch(db, admin, id, parse(EnrollmentBatchInput, request.body));
  });
}
