import type { z } from 'zod';
import type {
  BatchInput,
  BatchPatch,
  EnrollmentBatchInput,
  SessionInput,
  SessionPatch,
} from '../../../contract/index.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { findEnrollmentRow, holdEnrollment } from '../enrollments/index.ts';
import { enrollmentView, givesAccess } from '../enrollments/service.ts';
import { createBatchRepository } from './repository.ts';
import { batchWrites, moveEnrollment, toBatch } from './service.ts';
import { sessionWrites, toSession } from './sessions.ts';

/**
 * Batches (cohorts) and their sessions as the routes use them: the public list of a program's open batches and
 * the administrator's reads and writes, each write audited in its transaction (the one audit helper).
 */

/** An active program's batches still open to join (404 for a missing or inactive program). */
export async function openBatches(db: Db, programId: number) {
  const batches = createBatchRepository(db);
  const program = await batches.program(programId);
  if (!program || !program.is_active) throw notFound();
  return (await batches.listOpen(programId, istToday())).map(toBatch);
}

export const adminBatches = async (db: Db, course?: number) =>
  (await createBatchRepository(db).list(course)).map(toBatch);

/** One batch with its sessions, their meeting links included (the office's view). */
export async function adminBatch(db: Db, id: number) {
  const batches = createBatchRepository(db);
  const row = await batches.findById(id);
  if (!row) throw notFound();
  return {
    ...toBatch(row),
    sessions: (await batches.sessions(row.id)).map((s) => toSession(s, s.meeting_url || null)),
  };
}

export const createBatch = (db: Db, admin: UserRow, input: z.output<typeof BatchInput>) =>
  inTransaction(db, async (trx) => {
    const id = await batchWrites.create(trx, input);
    const created = toBatch((await createBatchRepository(trx).findById(id))!);
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'create',
      entity: 'batch',
      entityId: id,
      changes: { after: created },
    });
    return created;
  });

export const updateBatch = (db: Db, admin: UserRow, id: number, input: z.output<typeof BatchPatch>) =>
  inTransaction(db, async (trx) => {
    const batches = createBatchRepository(trx);
    const before = await batches.findById(id);
    if (!before) throw notFound();
    await batchWrites.update(trx, before, input);
    const after = toBatch((await batches.findById(id))!);
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'update',
      entity: 'batch',
      entityId: id,
      changes: { before: toBatch(before), after },
    });
    return after;
  });

export const deleteBatch = (db: Db, admin: UserRow, id: number) =>
  inTransaction(db, async (trx) => {
    const before = await createBatchRepository(trx).findById(id);
    await batchWrites.remove(trx, id);
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'delete',
      entity: 'batch',
      entityId: id,
      changes: { before: before && toBatch(before) },
    });
  });

export const createSession = (db: Db, admin: UserRow, batchId: number, input: z.output<typeof SessionInput>) =>
  inTransaction(db, async (trx) => {
    const batches = createBatchRepository(trx);
    if (!(await batches.findById(batchId))) throw notFound();
    const id = await sessionWrites.create(trx, batchId, input);
    const row = (await batches.findSession(id))!;
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'create',
      entity: 'session',
      entityId: id,
      changes: { after: row },
    });
    return toSession(row, row.meeting_url || null);
  });

export const updateSession = (db: Db, admin: UserRow, id: number, input: z.output<typeof SessionPatch>) =>
  inTransaction(db, async (trx) => {
    const batches = createBatchRepository(trx);
    const before = await batches.findSession(id);
    if (!before) throw notFound();
    await sessionWrites.update(trx, id, input);
    const after = (await batches.findSession(id))!;
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'update',
      entity: 'session',
      entityId: id,
      changes: { before, after },
    });
    return toSession(after, after.meeting_url || null);
  });

export const deleteSession = (db: Db, admin: UserRow, id: number) =>
  inTransaction(db, async (trx) => {
    const batches = createBatchRepository(trx);
    const before = await batches.findSession(id);
    if (!before) throw notFound();
    await batches.removeSession(id);
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'delete',
      entity: 'session',
      entityId: id,
      changes: { before },
    });
  });

/** An administrator moves an enrollment to another batch of its program with a seat left (audited). */
export const moveToBatch = (db: Db, admin: UserRow, id: number, input: z.output<typeof EnrollmentBatchInput>) =>
  inTransaction(db, async (trx) => {
    if (!(await holdEnrollment(trx, id))) throw notFound();
    const before = (await findEnrollmentRow(trx, id))!;
    const moved = await moveEnrollment(trx, before, input.batch, givesAccess(before));
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'move_batch',
      entity: 'enrollment',
      entityId: id,
      changes: { batch: [moved.from, moved.to] },
    });
    return enrollmentView(trx, id);
  });
