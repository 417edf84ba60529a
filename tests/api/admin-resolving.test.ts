import { describe, expect, it } from 'vitest';
import { CounselingRequest, Enrollment, Payment, paginated, rateLimitedMessage } from '../../contract/index.ts';
import { completeThroughGateway, createProgram, createWorkshop } from './support/fixtures.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import { admin, asha, ctx, ravi, resolvePayment, startPayment, useAdminApp } from './support/admin-app.ts';

useAdminApp();

const resolveEnrollment = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: `/api/admin/enrollments/${id}/resolve/`, token, body });

describe('resolving', () => {
  it('resolving a payment to completed grants the enrollment exactly like completion, idempotently', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 2 });
    const payment = await startPayment(ravi, 'workshops', workshopId);
    await resolvePayment(payment.id, { status: 'failed', failure_reason: 'bank_timeout' });
    const res = await resolvePayment(payment.id, {
      status: 'completed',
      admin_notes: 'Bank confirmed the transfer.',
      failure_reason: '',
      issue_description: '',
      is_urgent: false,
    });
    expect(res.status).toBe(200);
    expect(Payment.parse(res.body)).toMatchObject({
      id: payment.id,
      status: 'completed',
      failure_reason: null,
      admin_notes: 'Bank confirmed the transfer.',
    });
    const again = await resolvePayment(payment.id, { status: 'completed', admin_notes: 'Checked twice.' });
    expect(again.status).toBe(200);
    const enrollments = await ctx.db
      .selectFrom('enrollments')
      .selectAll()
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .execute();
    expect(enrollments).toHaveLength(1);
    expect(enrollments[0]).toMatchObject({ status: 'active', is_active: 1, student_id: ravi.id });
    const workshop = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(workshop.current_participants).toBe(1);
    // The student sees it as theirs, and the completion endpoint agrees.
    const done = await completeThroughGateway(ctx, ravi.access, payment.id);
    expect(done.status).toBe(200);
  });

  it('concurrent resolves of one payment to completed grant once and all succeed', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 5 });
    const payment = await startPayment(asha, 'workshops', workshopId);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        resolvePayment(payment.id, { status: 'completed', admin_notes: `resolve ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const seats = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(seats.current_participants).toBe(1);
    const rows = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('course_type', '=', 'workshop')
      .where('course_id', '=', workshopId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('concurrent resolves of one enrollment back to active take its seat once', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 5 });
    const payment = await startPayment(ravi, 'workshops', workshopId);
    const { enrollment } = (await completeThroughGateway(ctx, ravi.access, payment.id)).body as {
      enrollment: Enrollment;
    };
    await resolveEnrollment(enrollment.id, { status: 'on_hold' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => resolveEnrollment(enrollment.id, { status: 'active' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const seats = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(seats.current_participants).toBe(1);
  });

  it('sets failure reason, notes and urgency on a payment; validates the body', async () => {
    const p = await createProgram(ctx, admin.access);
    const payment = await startPayment(asha, 'programs', p);
    const res = await resolvePayment(payment.id, {
      status: 'failed',
      failure_reason: 'fraud_detected',
      admin_notes: 'Blocked',
      is_urgent: true,
    });
    expect(res.body).toMatchObject({
      status: 'failed',
      failure_reason: 'fraud_detected',
      admin_notes: 'Blocked',
      is_urgent: true,
    });
    const bad = await resolvePayment(payment.id, { status: 'done', failure_reason: 'bored', is_urgent: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      status: [expect.stringContaining('Status must be one of')],
      failure_reason: [expect.any(String)],
      is_urgent: [expect.any(String)],
    });
    expect((await resolvePayment(999_999, { status: 'failed' })).status).toBe(404);
  });

  it('resolves an enrollment: status, issue, notes, urgency; is_active and workshop seats follow', async () => {
    const workshopId = await createWorkshop(ctx, admin.access, { max_participants: 1 });
    const payment = await startPayment(asha, 'workshops', workshopId);
    const completion = (await completeThroughGateway(ctx, asha.access, payment.id)).body as { enrollment: Enrollment };
    const id = completion.enrollment.id;
    const held = await resolveEnrollment(id, {
      status: 'on_hold',
      issue_description: 'Documents missing',
      admin_notes: 'Called student',
      is_urgent: true,
    });
    expect(held.status).toBe(200);
    expect(Enrollment.parse(held.body)).toMatchObject({
      status: 'on_hold',
      is_active: false,
      issue_description: 'Documents missing',
      admin_notes: 'Called student',
      is_urgent: true,
    });
    let seats = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(seats.current_participants).toBe(0);
    const back = await resolveEnrollment(id, { status: 'active' });
    expect(back.body).toMatchObject({ status: 'active', is_active: true, is_urgent: false });
    seats = await ctx.db
      .selectFrom('workshops')
      .select('current_participants')
      .where('id', '=', workshopId)
      .executeTakeFirstOrThrow();
    expect(seats.current_participants).toBe(1);
    expect((await resolveEnrollment(999_999, { status: 'active' })).status).toBe(404);
    expect((await resolveEnrollment(id, {})).body).toEqual({
      status: [expect.stringContaining('Status must be one of')],
    });
  });
});

describe('counseling requests', () => {
  const valid = {
    name: 'Meera Nair',
    email: 'meera@example.in',
    phone: '9876543210',
    preferred_date: '2026-12-01',
    interest: 'Credit Analyst Program',
    message: 'Evening call please',
  };

  it('accepts a public booking (201) and lists it for administrators', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/classroom/counseling-requests/',
      body: valid,
      ip: '10.9.0.1',
    });
    expect(res.status).toBe(201);
    expect(CounselingRequest.parse(res.body)).toMatchObject(valid);
    const blank = await ctx.request({
      method: 'POST',
      url: '/classroom/counseling-requests/',
      body: { ...valid, preferred_date: '' },
      ip: '10.9.0.1',
    });
    expect(blank.body).toMatchObject({ preferred_date: null });
    const list = paginated(CounselingRequest).parse(
      (await ctx.request({ url: '/api/admin/counseling-requests/', token: admin.access })).body,
    );
    expect(list.count).toBe(2);
    expect(list.results[0]!.name).toBe('Meera Nair');
  });

  it('validates with the contract messages', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/classroom/counseling-requests/',
      body: { name: '', email: 'x', phone: '123', preferred_date: 'soon' },
      ip: '10.9.0.2',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      name: ['Name is required.'],
      email: ['Enter a valid email address.'],
      phone: ['Enter a 10-digit Indian mobile number.'],
      preferred_date: [expect.any(String)],
    });
  });

  it('is rate-limited per client address', async () => {
    const statuses = [];
    for (let i = 0; i < ctx.config.counselingMaxPerAddress + 1; i++) {
      statuses.push(
        (await ctx.request({ method: 'POST', url: '/classroom/counseling-requests/', body: valid, ip: '10.9.0.3' }))
          .status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const res = await ctx.request({
      method: 'POST',
      url: '/classroom/counseling-requests/',
      body: valid,
      ip: '10.9.0.3',
    });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: rateLimitedMessage(Number(res.headers['retry-after'])) });
  });
});

describe('running totals', () => {
  it('the trigger-kept totals still match the tables after resolves and lists', async () => {
    await expectTotalsMatchTables(ctx.db);
  });
});
