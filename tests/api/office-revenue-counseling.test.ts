import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  AuditEntry,
  CounselingRequest,
  OFFICE_MESSAGES,
  RevenueRow,
  istToday,
  paginated,
} from '../../contract/index.ts';
import type { NewPayment } from '../../server/platform/db/schema.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { admin, ctx, get, rahul, useOfficeApp } from './support/office-app.ts';

/** The office's audit-log filters, revenue and the counseling pipeline. */
useOfficeApp();

describe('audit log filters', () => {
  it('filters by actor, entity, record and IST date, and pages', async () => {
    const other = await ctx.user('deputy', 'admin');
    const created = await ctx.request({
      method: 'POST',
      url: API.testimonials.create,
      token: other.access,
      body: { title: 'Great course' },
    });
    const id = (created.body as { id: number }).id;
    await ctx.request({
      method: 'PUT',
      url: API.testimonials.update(id),
      token: other.access,
      body: { title: 'Great!' },
    });
    const today = istToday();
    const byDeputy = paginated(AuditEntry).parse(
      (
        await get(
          `${API.admin.auditLog}?actor=${other.id}&entity=testimonial&date_from=${today}&date_to=${today}&page_size=1`,
        )
      ).body,
    );
    expect(byDeputy.count).toBe(2);
    expect(byDeputy.results).toHaveLength(1);
    expect(byDeputy.results[0]).toMatchObject({ action: 'update', actor: { username: 'deputy' }, entity_id: id });
    expect(byDeputy.next).toContain('page=2');
    const record = paginated(AuditEntry).parse(
      (await get(`${API.admin.auditLog}?entity=testimonial&entity_id=${id}`)).body,
    );
    expect(record.results.map((e) => e.action)).toEqual(['update', 'create']);
    const yesterday = paginated(AuditEntry).parse(
      (await get(`${API.admin.auditLog}?actor=${other.id}&date_to=2026-01-01`)).body,
    );
    expect(yesterday.count).toBe(0);
    expect((await get(`${API.admin.auditLog}?actor=someone`)).body).toEqual({ actor: ['Actor must be a user id.'] });
  });
});

describe('revenue', () => {
  let own: TestContext;
  let boss: TestUser;
  const rows = async (query: string) => {
    const res = await own.request({ url: `${API.admin.revenue}?${query}`, token: boss.access });
    expect(res.status).toBe(200);
    return (res.body as unknown[]).map((r) => RevenueRow.parse(r));
  };
  beforeAll(async () => {
    own = await createTestApp();
    boss = await own.user('boss', 'admin');
    const s = await own.user('payer');
    const p = await createProgram(own, boss.access, { title: 'Flagship' });
    const w = await createWorkshop(own, boss.access, { title: 'Evening Workshop' });
    const put = (values: Partial<NewPayment>) =>
      own.db
        .insertInto('payments')
        .values({
          student_id: s.id,
          course_type: 'program',
          course_id: p,
          status: 'completed',
          amount: 0,
          payment_method: 'upi',
          admin_notes: '',
          is_urgent: 0,
          created_at: values.completed_at!,
          updated_at: values.completed_at!,
          ...values,
        })
        .execute();
    await put({ amount: 50000, completed_at: '2026-03-15T05:00:00.000Z' });
    // 00:30 IST on 1 April: April's, although still March in UTC.
    await put({ amount: 40000, completed_at: '2026-03-31T19:00:00.000Z' });
    await put({ amount: 999, completed_at: '2026-04-20T10:00:00.000Z', course_type: 'workshop', course_id: w });
    await put({ amount: 777, completed_at: '2026-04-21T10:00:00.000Z', course_id: 4242 });
    // Not revenue: never completed.
    await put({
      amount: 12345,
      completed_at: null,
      status: 'failed',
      created_at: '2026-04-01T00:00:00.000Z',
      updated_at: '2026-04-01T00:00:00.000Z',
    });
  });
  afterAll(async () => own?.close());

  it('sums completed payments by IST month, refunds subtracted (none yet)', async () => {
    expect(await rows('group=month')).toEqual([
      { key: '2026-03', label: 'March 2026', payments: 1, gross: 50000, refunded: 0, net: 50000, discount: 0 },
      { key: '2026-04', label: 'April 2026', payments: 3, gross: 41776, refunded: 0, net: 41776, discount: 0 },
    ]);
    expect(await rows('group=month&date_from=2026-04-01&date_to=2026-04-20')).toEqual([
      { key: '2026-04', label: 'April 2026', payments: 2, gross: 40999, refunded: 0, net: 40999, discount: 0 },
    ]);
  });

  it('sums by program and workshop, biggest first, and names a deleted course', async () => {
    const byCourse = await rows('group=course');
    expect(byCourse.map((r) => [r.label, r.payments, r.net])).toEqual([
      ['Flagship', 2, 90000],
      ['Evening Workshop', 1, 999],
      ['Program #4242 (deleted)', 1, 777],
    ]);
    expect(byCourse[0]!.key).toMatch(/^program:\d+$/);
    expect(byCourse[1]!.key).toMatch(/^workshop:\d+$/);
  });

  it('refuses an unknown grouping', async () => {
    const res = await own.request({ url: `${API.admin.revenue}?group=year`, token: boss.access });
    expect(res).toMatchObject({ status: 400, body: { group: ['Group must be one of: month, course.'] } });
  });
});

describe('counseling pipeline', () => {
  const lead = async (name: string) =>
    CounselingRequest.parse(
      (
        await ctx.request({
          method: 'POST',
          url: API.counseling.create,
          body: { name, email: `${name.toLowerCase().replace(/ /g, '.')}@example.in`, phone: '9123456780' },
          ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        })
      ).body,
    );
  const patch = (id: number, body: object) =>
    ctx.request({ method: 'PATCH', url: API.admin.counselingRequest(id), token: admin.access, body });
  const list = async (query: string) =>
    paginated(CounselingRequest).parse((await get(`${API.admin.counselingRequests}?${query}`)).body);

  it('a new request starts new, unassigned, with no notes', async () => {
    const r = await lead('Fresh Lead');
    expect(r).toMatchObject({ status: 'new', assignee: null, next_follow_up: null, notes: [] });
  });

  it('moves through the pipeline with an assignee, a follow-up date and dated notes, all audited', async () => {
    const counsellor = await ctx.user('counsellor', 'instructor');
    const r = await lead('Anil Kumar');
    const moved = await patch(r.id, { status: 'contacted', assignee: counsellor.id, next_follow_up: '2026-12-01' });
    expect(moved.status).toBe(200);
    expect(CounselingRequest.parse(moved.body)).toMatchObject({
      status: 'contacted',
      assignee: counsellor.id,
      next_follow_up: '2026-12-01',
    });
    const noted = await ctx.request({
      method: 'POST',
      url: API.admin.counselingNotes(r.id),
      token: admin.access,
      body: { text: 'Called back; wants the weekend batch.' },
    });
    expect(noted.status).toBe(201);
    const withNote = CounselingRequest.parse(noted.body);
    expect(withNote.notes).toEqual([
      { at: expect.any(String), author: 'office', text: 'Called back; wants the weekend batch.' },
    ]);
    expect(Date.now() - Date.parse(withNote.notes[0]!.at)).toBeLessThan(60_000);
    await ctx.request({
      method: 'POST',
      url: API.admin.counselingNotes(r.id),
      token: admin.access,
      body: { text: 'Booked.' },
    });
    const scheduled = CounselingRequest.parse((await patch(r.id, { status: 'scheduled', next_follow_up: null })).body);
    expect(scheduled.notes.map((n) => n.text)).toEqual(['Called back; wants the weekend batch.', 'Booked.']);
    expect(scheduled.next_follow_up).toBeNull();

    const mine = await list(`assignee=${counsellor.id}`);
    expect(mine.results.map((x) => x.id)).toEqual([r.id]);
    expect((await list('status=scheduled')).results.map((x) => x.id)).toEqual([r.id]);
    expect((await list('assignee=none')).results.every((x) => x.assignee === null)).toBe(true);

    const audit = paginated(AuditEntry).parse(
      (await get(`${API.admin.auditLog}?entity=counseling_request&entity_id=${r.id}`)).body,
    );
    expect(audit.results.map((e) => e.action)).toEqual(['update', 'note', 'note', 'update']);
    expect(audit.results[3]!.changes).toEqual({
      status: { from: 'new', to: 'contacted' },
      assignee_id: { from: null, to: counsellor.id },
      next_follow_up: { from: null, to: '2026-12-01' },
    });
  });

  it('assigns only an active administrator or instructor, and refuses other fields and empty notes', async () => {
    const r = await lead('Ravi Menon');
    expect(await patch(r.id, { assignee: rahul.id })).toMatchObject({
      status: 400,
      body: { assignee: [OFFICE_MESSAGES.assigneeNotStaff] },
    });
    expect(await patch(r.id, { status: 'won' })).toMatchObject({
      status: 400,
      body: { status: ['Status must be one of: new, contacted, scheduled, converted, closed.'] },
    });
    expect((await patch(r.id, { name: 'x' })).body).toEqual({
      non_field_errors: ['Only status, assignee and next_follow_up can be changed.'],
    });
    const empty = await ctx.request({
      method: 'POST',
      url: API.admin.counselingNotes(r.id),
      token: admin.access,
      body: { text: '  ' },
    });
    expect(empty).toMatchObject({ status: 400, body: { text: ['Note is required.'] } });
    expect((await patch(987_654, { status: 'closed' })).status).toBe(404);
  });

  it('lists overdue follow-ups first, the oldest due first; closed ones are never overdue', async () => {
    const a = await lead('Due Long Ago');
    const b = await lead('Due Yesterday');
    const c = await lead('Closed Overdue');
    const d = await lead('Due Next Year');
    await patch(a.id, { next_follow_up: '2020-01-01' });
    await patch(b.id, { next_follow_up: '2021-06-01' });
    await patch(c.id, { next_follow_up: '2019-01-01', status: 'closed' });
    await patch(d.id, { next_follow_up: '2099-01-01' });
    const page = await list('page_size=200');
    expect(page.results.slice(0, 2).map((x) => x.id)).toEqual([a.id, b.id]);
    // The rest newest first.
    const rest = page.results.slice(2).map((x) => x.id);
    expect(rest.indexOf(d.id)).toBeLessThan(rest.indexOf(c.id));
  });
});
