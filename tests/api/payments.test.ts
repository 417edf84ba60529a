import { describe, expect, it } from 'vitest';
import {
  Enrollment,
  Payment,
  PaymentCompletion,
  SERVER_MESSAGES,
  StudentEnrollment,
  StudentPayment,
} from '../../contract/index.ts';
import { appWithAshaAndRavi } from './support/asha-and-ravi.ts';
import { classroomPayments } from './support/classroom-payments.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

/**
 * Completing a payment (after paying at the gateway), the caller's own lists and mixed concurrent writes.
 * Starting a payment is in payment-start.test.ts.
 */

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

const app = appWithAshaAndRavi((made) => {
  ({ ctx, admin, asha, ravi } = made);
});

const { start, complete } = classroomPayments(app);

describe('completing a payment', () => {
  it('completes the payment and grants an active enrollment, in the PaymentCompletion shape', async () => {
    const programId = await createProgram(ctx, admin.access, { title: 'Research Analyst' });
    const payment = (await start(asha, 'programs', programId)).body as Payment;
    const res = await complete(asha, payment.id);
    expect(res.status).toBe(200);
    const body = PaymentCompletion.parse(res.body);
    expect(body.payment).toMatchObject({ id: payment.id, status: 'completed', amount: 65000 });
    expect(body.payment.completed_at).toEqual(expect.any(String));
    expect(body.enrollment).toMatchObject({
      course: programId,
      course_type: 'program',
      status: 'active',
      is_active: true,
      program: { id: programId, title: 'Research Analyst' },
      workshop: null,
      student: { id: asha.id, username: 'asha', first_name: 'Asha', last_name: 'Tester' },
      progress_percentage: 0,
    });
  });

  it('is idempotent: a second call answers the same payment and enrollment', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 3 });
    const payment = (await start(asha, 'workshops', workshopId)).body as Payment;
    const first = (await complete(asha, payment.id)).body as PaymentCompletion;
    const second = await complete(asha, payment.id);
    expect(second.status).toBe(200);
    expect((second.body as PaymentCompletion).enrollment.id).toBe(first.enrollment.id);
    expect((second.body as PaymentCompletion).payment.id).toBe(first.payment.id);
    const workshop = (await ctx.request({ url: `/classroom/workshops/${workshopId}/` })).body as {
      current_participants: number;
    };
    expect(workshop.current_participants).toBe(1);
  });

  it("answers 404 for another student's payment and for unknown ids", async () => {
    const programId = await createProgram(ctx, admin.access);
    const payment = (await start(asha, 'programs', programId)).body as Payment;
    expect(await complete(ravi, payment.id)).toMatchObject({ status: 404, body: { detail: SERVER_MESSAGES.notFound } });
    expect((await complete(admin, payment.id)).status).toBe(404);
    expect((await complete(asha, 999_999)).status).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/classroom/payments/${payment.id}/complete/` })).status).toBe(
      401,
    );
  });

  it('refuses a failed or cancelled payment with 400 {error}', async () => {
    for (const status of ['failed', 'cancelled'] as const) {
      const programId = await createProgram(ctx, admin.access);
      const payment = (await start(asha, 'programs', programId)).body as Payment;
      await ctx.request({
        method: 'POST',
        url: `/api/admin/payments/${payment.id}/resolve/`,
        token: admin.access,
        body: { status },
      });
      const res = await complete(asha, payment.id);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: SERVER_MESSAGES.paymentNotPending });
    }
  });

  it('50 concurrent completions of one payment make exactly one enrollment and take one seat', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 10 });
    const payment = (await start(ravi, 'workshops', workshopId)).body as Payment;
    const results = await Promise.all(Array.from({ length: 50 }, () => complete(ravi, payment.id)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const enrollmentIds = new Set(results.map((r) => (r.body as PaymentCompletion).enrollment.id));
    expect(enrollmentIds.size).toBe(1);
    const rows = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .execute();
    expect(rows).toHaveLength(1);
    const workshop = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(workshop.current_participants).toBe(1);
  });

  it('concurrent completions by different students for the last seats never go over max', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 3 });
    const students = await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.user(`racer${i}`)));
    const payments: Payment[] = [];
    for (const s of students) payments.push((await start(s, 'workshops', workshopId)).body as Payment);
    const results = await Promise.all(students.map((s, i) => complete(s, payments[i]!.id)));
    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(3);
    expect(full).toHaveLength(5);
    for (const r of full) expect(r.body).toEqual({ error: SERVER_MESSAGES.workshopFull });
    const workshop = await ctx.db
      .selectFrom('workshops')
      .select(['current_participants', 'max_participants'])
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(workshop.current_participants).toBe(3);
    const active = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .where('is_active', '=', 1)
      .execute();
    expect(active).toHaveLength(3);
    // The refused payments stay pending: nothing was charged.
    const pending = await ctx.db
      .selectFrom('payments')
      .select('id')
      .where('course_id', '=', workshopId)
      .where('course_type', '=', 'workshop')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(5);
  });
});

describe("the caller's own lists", () => {
  it('GET /classroom/payments/ and /classroom/enrollments/ answer only the caller’s rows', async () => {
    const loner = await ctx.user('loner');
    const programId = await createProgram(ctx, admin.access);
    const payment = (await start(loner, 'programs', programId)).body as Payment;
    await complete(loner, payment.id);
    const payments = (await ctx.request({ url: '/classroom/payments/', token: loner.access })).body as Payment[];
    expect(payments.map((p) => p.id)).toEqual([payment.id]);
    expect(payments.every((p) => StudentPayment.safeParse(p).success)).toBe(true);
    const enrollments = (await ctx.request({ url: '/classroom/enrollments/', token: loner.access }))
      .body as Enrollment[];
    expect(enrollments).toHaveLength(1);
    expect(StudentEnrollment.parse(enrollments[0])).toMatchObject({ course: programId, student: { id: loner.id } });
    const others = (await ctx.request({ url: '/classroom/payments/', token: ravi.access })).body as Payment[];
    expect(others.some((p) => p.id === payment.id)).toBe(false);
    expect((await ctx.request({ url: '/classroom/payments/' })).status).toBe(401);
    expect((await ctx.request({ url: '/classroom/enrollments/' })).status).toBe(401);
  });
});

describe('mixed concurrent writes', () => {
  it('student completions, admin resolves and new payments racing never fail with a server error', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 6 });
    const programId = await createProgram(ctx, admin.access);
    const students = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.user(`mixed${i}`)));
    const pending: Payment[] = [];
    for (const s of students) pending.push((await start(s, 'workshops', workshopId)).body as Payment);
    const resolveBodies = [
      { status: 'completed', is_urgent: true },
      { status: 'failed', failure_reason: 'bank_timeout', is_urgent: true },
      { status: 'on_hold', is_urgent: false },
    ];
    const calls = [
      ...students.slice(0, 6).map((s, i) => complete(s, pending[i]!.id)),
      ...students.slice(6).map((_, i) =>
        ctx.request({
          method: 'POST',
          url: `/api/admin/payments/${pending[6 + i]!.id}/resolve/`,
          token: admin.access,
          body: resolveBodies[i % 3],
        }),
      ),
      ...students.map((s) => start(s, 'programs', programId)),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 201, 400]).toContain(r.status);
    const workshop = await ctx.db
      .selectFrom('workshops')
      .select(['current_participants', 'max_participants'])
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(workshop.current_participants).toBeLessThanOrEqual(workshop.max_participants);
    const active = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .where('is_active', '=', 1)
      .execute();
    expect(active).toHaveLength(workshop.current_participants);
  });
});

describe('running totals', () => {
  it('the trigger-kept totals still match the tables after all of the above (races included)', async () => {
    await expectTotalsMatchTables(ctx.db);
  });
});
