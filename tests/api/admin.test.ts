import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminStats,
  AuditEntry,
  CounselingRequest,
  Enrollment,
  IssueSummary,
  Payment,
  paginated,
  rateLimitedMessage,
  type Paginated,
} from '../../contract/index.ts';
import { completeThroughGateway, createProgram, createWorkshop } from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { createAppWithUsers } from './support/users.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  ({
    ctx,
    admin,
    students: { asha, ravi },
  } = await createAppWithUsers('asha', 'ravi'));
});
afterAll(async () => ctx?.close());

const startPayment = async (user: TestUser, type: 'programs' | 'workshops', id: number) =>
  (await ctx.request({ method: 'POST', url: `/classroom/${type}/${id}/payment/`, token: user.access, body: {} }))
    .body as Payment;
const resolvePayment = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: `/api/admin/payments/${id}/resolve/`, token, body });
const resolveEnrollment = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: `/api/admin/enrollments/${id}/resolve/`, token, body });

describe('stats and issue summary', () => {
  it('counts students, every program and workshop (archived too, as the tabs list them), faculty, and revenue from completed payments only', async () => {
    const empty = await ctx.request({ url: '/classroom/admin/stats/', token: admin.access });
    expect(empty).toMatchObject({
      status: 200,
      body: { total_students: 2, total_programs: 0, total_faculty: 0, total_workshops: 0, total_revenue: 0 },
    });

    const p1 = await createProgram(ctx, admin.access, { price: 50000 });
    const p2 = await createProgram(ctx, admin.access, { price: 70000 });
    await createProgram(ctx, admin.access, { is_active: false });
    await createWorkshop(ctx, admin.access);
    const pay1 = await startPayment(asha, 'programs', p1);
    await completeThroughGateway(ctx, asha.access, pay1.id);
    await startPayment(ravi, 'programs', p2); // pending: not revenue
    const stats = AdminStats.parse((await ctx.request({ url: '/classroom/admin/stats/', token: admin.access })).body);
    expect(stats).toEqual({
      total_students: 2,
      total_programs: 3,
      total_faculty: 0,
      total_workshops: 1,
      total_revenue: 50000,
    });
  });

  it('counts failed payments, pending or on-hold enrollments, and other urgent items', async () => {
    const before = IssueSummary.parse(
      (await ctx.request({ url: '/api/admin/issue-summary/', token: admin.access })).body,
    );
    const p = await createProgram(ctx, admin.access);
    const failed = await startPayment(asha, 'programs', p);
    await resolvePayment(failed.id, { status: 'failed', failure_reason: 'card_declined', is_urgent: true });
    const p2 = await createProgram(ctx, admin.access);
    const urgentPending = await startPayment(ravi, 'programs', p2);
    await resolvePayment(urgentPending.id, { status: 'pending', is_urgent: true });
    const after = IssueSummary.parse(
      (await ctx.request({ url: '/api/admin/issue-summary/', token: admin.access })).body,
    );
    expect(after.failed_payments).toBe(before.failed_payments + 1);
    expect(after.pending_enrollments).toBe(before.pending_enrollments);
    // The failed one counts once (not again as urgent); the urgent pending payment adds one.
    expect(after.total_issues).toBe(before.total_issues + 2);
  });
});

describe('paginated admin lists', () => {
  it('pages payments newest first with count, next and previous as relative URLs', async () => {
    const programs = await Promise.all(Array.from({ length: 5 }, () => createProgram(ctx, admin.access)));
    for (const id of programs) await startPayment(asha, 'programs', id);
    const total = ((await ctx.request({ url: '/api/admin/payments/', token: admin.access })).body as Paginated<Payment>)
      .count;

    const page1 = await ctx.request({ url: '/api/admin/payments/?page_size=2&status=pending', token: admin.access });
    expect(page1.status).toBe(200);
    const body1 = paginated(Payment).parse(page1.body);
    expect(body1.results).toHaveLength(2);
    expect(body1.previous).toBeNull();
    // Keyset links: the same path and filters, and an opaque cursor in place of a page number.
    expect(body1.next).toMatch(/^\/api\/admin\/payments\/\?page_size=2&status=pending&cursor=[\w-]+$/);
    expect(body1.results.every((p) => p.status === 'pending')).toBe(true);
    const ids = body1.results.map((p) => p.id);
    expect(ids[0]).toBeGreaterThan(ids[1]!);

    const page2 = paginated(Payment).parse((await ctx.request({ url: body1.next!, token: admin.access })).body);
    expect(page2.previous).toMatch(/^\/api\/admin\/payments\/\?page_size=2&status=pending&cursor=[\w-]+$/);
    expect(page2.results[0]!.id).toBeLessThan(ids[1]!);
    const back = paginated(Payment).parse((await ctx.request({ url: page2.previous!, token: admin.access })).body);
    expect(back.results.map((p) => p.id)).toEqual(ids);
    expect(back.previous).toBeNull();
    expect(back.next).toBe(body1.next);

    const all = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?page_size=200', token: admin.access })).body,
    );
    expect(all.count).toBe(total);
    expect(all.next).toBeNull();
    const beyond = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?page=150', token: admin.access })).body,
    );
    expect(beyond.results).toEqual([]);
    // Deeper than 10,000 rows by number is refused with the way there (OFFSET would read every row skipped).
    const deep = await ctx.request({ url: '/api/admin/payments/?page=999', token: admin.access });
    expect(deep.status).toBe(400);
    expect((deep.body as { error: string }).error).toMatch(/follow the list's next links/);
    const forged = await ctx.request({ url: '/api/admin/payments/?cursor=bm9uc2Vuc2U', token: admin.access });
    expect(forged).toMatchObject({ status: 400, body: { error: expect.stringMatching(/no longer valid/) } });
  });

  it('filters by urgency and validates paging parameters', async () => {
    const urgent = paginated(Payment).parse(
      (await ctx.request({ url: '/api/admin/payments/?is_urgent=true', token: admin.access })).body,
    );
    expect(urgent.count).toBeGreaterThan(0);
    expect(urgent.results.every((p) => p.is_urgent)).toBe(true);
    for (const query of ['page=0', 'page_size=201', 'page=abc', 'status=lost', 'is_urgent=1']) {
      const res = await ctx.request({ url: `/api/admin/payments/?${query}`, token: admin.access });
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body as object)).toHaveLength(1);
    }
  });

  it('pages enrollments with the same rules', async () => {
    const res = await ctx.request({ url: '/api/admin/enrollments/?page_size=1', token: admin.access });
    const body = paginated(Enrollment).parse(res.body);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results).toHaveLength(1);
    const filtered = paginated(Enrollment).parse(
      (await ctx.request({ url: '/api/admin/enrollments/?status=active', token: admin.access })).body,
    );
    expect(filtered.results.every((e) => e.status === 'active')).toBe(true);
  });
});

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

describe('audit log', () => {
  it('records every admin write and resolve with actor, action, entity and changes', async () => {
    const before = (
      (await ctx.request({ url: '/api/admin/audit-log/?page_size=200', token: admin.access }))
        .body as Paginated<AuditEntry>
    ).count;
    const id = await createProgram(ctx, admin.access, { title: 'Audited' });
    await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${id}/`,
      token: admin.access,
      body: {
        title: 'Audited Again',
        description: 'x',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'mba',
        price: 1000,
        duration_weeks: 4,
      },
    });
    await ctx.request({ method: 'DELETE', url: `/classroom/programs/${id}/`, token: admin.access });
    const page = paginated(AuditEntry).parse(
      (await ctx.request({ url: '/api/admin/audit-log/?page_size=3', token: admin.access })).body,
    );
    expect(page.count).toBe(before + 3);
    expect(page.results.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const e of page.results)
      expect(e).toMatchObject({ entity: 'program', entity_id: id, actor: { id: admin.id, username: 'admin' } });
    expect(page.results[1]!.changes).toMatchObject({ title: { from: 'Audited', to: 'Audited Again' } });

    const rows = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('action', '=', 'resolve')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('writes nothing when the write is refused', async () => {
    const count = async () =>
      ((await ctx.request({ url: '/api/admin/audit-log/', token: admin.access })).body as Paginated<AuditEntry>).count;
    const before = await count();
    await ctx.request({ method: 'POST', url: '/classroom/programs/', token: admin.access, body: {} });
    await ctx.request({ method: 'POST', url: '/classroom/programs/', token: asha.access, body: {} });
    await resolvePayment(999_999, { status: 'failed' });
    expect(await count()).toBe(before);
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
