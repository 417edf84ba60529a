import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Batch,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  Enrollment,
  StudentEnrollment,
  type Payment,
} from '../../contract/index.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  asha = await ctx.user('asha');
});
afterAll(async () => ctx?.close());

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function createBatch(programId: number, overrides: Record<string, unknown> = {}): Promise<Batch> {
  const res = await ctx.request({
    method: 'POST',
    url: DELIVERY_PATHS.adminBatches,
    token: admin.access,
    body: {
      course: programId,
      name: 'January weekend batch',
      starts_on: day(10),
      ends_on: day(150),
      seats: 30,
      mode: 'online',
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`batch create: ${res.status} ${res.raw}`);
  return Batch.parse(res.body);
}

const start = (user: TestUser, programId: number, body: Record<string, unknown> = {}) =>
  ctx.request({
    method: 'POST',
    url: `/classroom/programs/${programId}/payment/`,
    token: user.access,
    body: { payment_method: 'credit_card', ...body },
  });

describe('administrators manage batches', () => {
  it('creates, lists by program, patches and refuses seats below those taken', async () => {
    const programId = await createProgram(ctx, admin.access);
    const other = await createProgram(ctx, admin.access);
    const batch = await createBatch(programId, { seats: 2 });
    await createBatch(other);
    expect(batch).toMatchObject({ course: programId, seats: 2, seats_taken: 0, seats_left: 2, is_open: true });
    const list = await ctx.request({ url: `${DELIVERY_PATHS.adminBatches}?course=${programId}`, token: admin.access });
    expect((list.body as Batch[]).map((b) => b.id)).toEqual([batch.id]);
    const patched = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminBatch(batch.id),
      token: admin.access,
      body: { name: 'Renamed', location: 'Mumbai, Andheri centre' },
    });
    expect(patched.body).toMatchObject({ name: 'Renamed', location: 'Mumbai, Andheri centre', seats: 2 });
    const bad = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatches,
      token: admin.access,
      body: { course: programId, name: 'x', starts_on: day(20), ends_on: day(5), seats: 3, mode: 'online' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ends_on: ['The end date cannot be before the start date.'] });
    const badMode = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatches,
      token: admin.access,
      body: { course: programId, name: 'x', starts_on: day(2), ends_on: day(5), seats: 3, mode: 'by post' },
    });
    expect(Object.keys(badMode.body as object)).toEqual(['mode']);
    // A student pays for a seat; the seats cannot then go below one.
    const payment = (await start(asha, programId, { batch: batch.id })).body as Payment;
    expect((await completeThroughGateway(ctx, asha.access, payment.id)).status).toBe(200);
    const below = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminBatch(batch.id),
      token: admin.access,
      body: { seats: 0 },
    });
    expect(below.status).toBe(400);
    const fewer = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminBatch(batch.id),
      token: admin.access,
      body: { seats: 1 },
    });
    expect(fewer.body).toMatchObject({ seats: 1, seats_taken: 1, seats_left: 0 });
    // With an enrollment it cannot be deleted; an empty one can.
    const refused = await ctx.request({
      method: 'DELETE',
      url: DELIVERY_PATHS.adminBatch(batch.id),
      token: admin.access,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: DELIVERY_MESSAGES.batchHasEnrollments });
    const empty = await createBatch(programId);
    expect(
      (await ctx.request({ method: 'DELETE', url: DELIVERY_PATHS.adminBatch(empty.id), token: admin.access })).status,
    ).toBe(204);
    expect((await ctx.request({ url: DELIVERY_PATHS.adminBatch(empty.id), token: admin.access })).status).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await ctx.request({ url: DELIVERY_PATHS.adminBatches })).status).toBe(401);
    expect((await ctx.request({ url: DELIVERY_PATHS.adminBatches, token: asha.access })).status).toBe(403);
  });
});

describe('visitors see the open batches of a program, soonest first', () => {
  it('lists open, not ended batches with seats_left', async () => {
    const programId = await createProgram(ctx, admin.access);
    const later = await createBatch(programId, { name: 'Later', starts_on: day(60), ends_on: day(200) });
    const soon = await createBatch(programId, { name: 'Soon', starts_on: day(5), ends_on: day(150) });
    await createBatch(programId, { name: 'Closed', is_open: false });
    await createBatch(programId, { name: 'Ended', starts_on: day(-200), ends_on: day(-1) });
    const res = await ctx.request({ url: DELIVERY_PATHS.programBatches(programId) });
    expect(res.status).toBe(200);
    expect((res.body as Batch[]).map((b) => b.name)).toEqual(['Soon', 'Later']);
    expect((res.body as Batch[])[0]).toMatchObject({ id: soon.id, seats_left: 30 });
    expect(later.id).toBeGreaterThan(0);
    expect((await ctx.request({ url: DELIVERY_PATHS.programBatches(999999) })).status).toBe(404);
  });
});

describe('the payment start takes the batch', () => {
  it('requires one when the program has an open batch, and refuses another program’s, a closed or a full one', async () => {
    const programId = await createProgram(ctx, admin.access);
    const otherProgram = await createProgram(ctx, admin.access);
    const open = await createBatch(programId);
    const closed = await createBatch(programId, { is_open: false });
    const full = await createBatch(programId, { seats: 1 });
    const foreign = await createBatch(otherProgram);
    const student = await ctx.user('chooser');
    const count = async () =>
      (await ctx.db.selectFrom('payments').select('id').where('student_id', '=', student.id).execute()).length;

    const missing = await start(student, programId);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ batch: [DELIVERY_MESSAGES.batchRequired] });
    const wrong = await start(student, programId, { batch: foreign.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ batch: [DELIVERY_MESSAGES.batchOfOtherProgram] });
    const shut = await start(student, programId, { batch: closed.id });
    expect(shut.body).toEqual({ error: DELIVERY_MESSAGES.batchClosed });
    // Fill the one seat of the small batch.
    const first = await ctx.user('firstin');
    const paid = (await start(first, programId, { batch: full.id })).body as Payment;
    await completeThroughGateway(ctx, first.access, paid.id);
    const noSeat = await start(student, programId, { batch: full.id });
    expect(noSeat.status).toBe(400);
    expect(noSeat.body).toEqual({ error: DELIVERY_MESSAGES.batchFull });
    // None of the refusals left a payment (so no gateway order) behind.
    expect(await count()).toBe(0);

    const ok = await start(student, programId, { batch: open.id });
    expect(ok.status).toBe(201);
    const done = await completeThroughGateway(ctx, student.access, (ok.body as Payment).id);
    expect(done.status).toBe(200);
    const enrollment = StudentEnrollment.parse((done.body as { enrollment: unknown }).enrollment);
    expect(enrollment.batch).toEqual({
      id: open.id,
      name: open.name,
      starts_on: open.starts_on,
      ends_on: open.ends_on,
    });
    const listed = (await ctx.request({ url: '/classroom/enrollments/', token: student.access })).body as Enrollment[];
    expect(listed[0]!.batch?.id).toBe(open.id);
    const after = (await ctx.request({ url: DELIVERY_PATHS.adminBatch(open.id), token: admin.access })).body as Batch;
    expect(after).toMatchObject({ seats_taken: 1, seats_left: 29 });
  });

  it('a program without batches works as before (no batch, enrollment batch null)', async () => {
    const programId = await createProgram(ctx, admin.access);
    const student = await ctx.user('nobatch');
    const res = await start(student, programId);
    expect(res.status).toBe(201);
    const done = await completeThroughGateway(ctx, student.access, (res.body as Payment).id);
    expect((done.body as { enrollment: Enrollment }).enrollment.batch).toBeNull();
  });

  it('concurrent buyers of the last seat: one gets it, the others are refused and flagged for the office', async () => {
    const programId = await createProgram(ctx, admin.access);
    const batch = await createBatch(programId, { seats: 1 });
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => ctx.user(`lastseat${i}`)));
    const payments: Payment[] = [];
    // Every buyer starts while the seat is free (the start's check passes for all of them).
    for (const b of buyers) payments.push((await start(b, programId, { batch: batch.id })).body as Payment);
    for (const p of payments) await ctx.pay(p.id, { webhooks: false });
    const results = await Promise.all(
      buyers.map((b, i) =>
        ctx.request({ method: 'POST', url: `/classroom/payments/${payments[i]!.id}/complete/`, token: b.access }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toEqual({ error: DELIVERY_MESSAGES.batchFull });
    const row = await ctx.db.selectFrom('batches').selectAll().where('id', '=', batch.id).executeTakeFirstOrThrow();
    expect(row.seats_taken).toBe(1);
    const enrolled = await ctx.db.selectFrom('enrollments').select('id').where('batch_id', '=', batch.id).execute();
    expect(enrolled).toHaveLength(1);
    // Each captured-but-not-granted payment is in Reconciliation, flagged not_granted.
    const flagged = await ctx.db
      .selectFrom('gateway_events')
      .select(['payment_id', 'flag'])
      .where('flag', '=', 'not_granted')
      .where(
        'payment_id',
        'in',
        payments.map((p) => p.id),
      )
      .execute();
    expect(flagged).toHaveLength(5);
  });
});

describe('moving an enrollment to another batch', () => {
  it('moves within the program when the target has a seat, audited; refuses another program’s batch', async () => {
    const programId = await createProgram(ctx, admin.access);
    const a = await createBatch(programId, { name: 'A' });
    const b = await createBatch(programId, { name: 'B', seats: 1 });
    const foreign = await createBatch(await createProgram(ctx, admin.access));
    const student = await ctx.user('mover');
    const payment = (await start(student, programId, { batch: a.id })).body as Payment;
    const enrollmentId = (
      (await completeThroughGateway(ctx, student.access, payment.id)).body as { enrollment: Enrollment }
    ).enrollment.id;
    const move = (batch: number) =>
      ctx.request({
        method: 'POST',
        url: DELIVERY_PATHS.adminEnrollmentBatch(enrollmentId),
        token: admin.access,
        body: { batch },
      });
    expect((await move(foreign.id)).status).toBe(400);
    const moved = await move(b.id);
    expect(moved.status).toBe(200);
    expect((moved.body as Enrollment).batch?.id).toBe(b.id);
    const seats = await ctx.db
      .selectFrom('batches')
      .select(['id', 'seats_taken'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    expect(Object.fromEntries(seats.map((s) => [s.id, s.seats_taken]))).toEqual({ [a.id]: 0, [b.id]: 1 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'enrollment')
      .where('action', '=', 'move_batch')
      .where('entity_id', '=', enrollmentId)
      .execute();
    expect(audit).toHaveLength(1);
    // B is now full: another student cannot be moved in.
    const other = await ctx.user('mover2');
    const p2 = (await start(other, programId, { batch: a.id })).body as Payment;
    const e2 = ((await completeThroughGateway(ctx, other.access, p2.id)).body as { enrollment: Enrollment }).enrollment
      .id;
    const refused = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminEnrollmentBatch(e2),
      token: admin.access,
      body: { batch: b.id },
    });
    expect(refused.body).toEqual({ error: DELIVERY_MESSAGES.batchFull });
  });
});
