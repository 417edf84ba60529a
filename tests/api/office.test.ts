import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  AuditEntry,
  CounselingRequest,
  Enrollment,
  OFFICE_MESSAGES,
  Payment,
  RevenueRow,
  istToday,
  paginated,
  type Paginated,
} from '../../contract/index.ts';
import type { NewPayment } from '../../server/db/schema.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * The office's tools: list filters (IST dates, inclusive), CSV exports, audit-log filters, revenue and
 * the counseling pipeline. Records are written straight into the tables with chosen dates, so IST day
 * and month boundaries can be tested exactly.
 */

let ctx: TestContext;
let admin: TestUser;
let priya: TestUser;
let rahul: TestUser;
let program: number;
let otherProgram: number;
let workshop: number;

async function insertPayment(values: Partial<NewPayment> & { student_id: number; course_id: number }) {
  const at = values.created_at ?? new Date().toISOString();
  const row = await ctx.db
    .insertInto('payments')
    .values({
      course_type: 'program',
      status: 'completed',
      amount: 1000,
      payment_method: 'upi',
      admin_notes: '',
      is_urgent: 0,
      completed_at: values.status && values.status !== 'completed' ? null : at,
      updated_at: at,
      ...values,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = async (url: string, token = admin.access) => ctx.request({ url, token });
const payments = async (query: string) => {
  const res = await get(`${API.admin.payments}?${query}`);
  expect(res.status).toBe(200);
  return paginated(Payment).parse(res.body) as Paginated<Payment>;
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('office', 'admin');
  priya = await ctx.user('priya');
  rahul = await ctx.user('rahul');
  await ctx.db
    .updateTable('users')
    .set({ first_name: 'Priya', last_name: 'Sharma, "CA"' })
    .where('id', '=', priya.id)
    .execute();
  program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program', price: 50000 });
  otherProgram = await createProgram(ctx, admin.access, { title: 'Research Analyst Program', price: 30000 });
  workshop = await createWorkshop(ctx, admin.access, { title: 'Ratio Workshop', price: 999 });
});
afterAll(async () => ctx?.close());

describe('payments and enrollments filters', () => {
  let late: number;
  let early: number;
  beforeAll(async () => {
    // 23:59:59 IST on 31 March and 00:00 IST on 1 April.
    late = await insertPayment({
      student_id: priya.id,
      course_id: program,
      created_at: '2026-03-31T18:29:59.000Z',
      amount: 50000,
    });
    early = await insertPayment({
      student_id: rahul.id,
      course_id: otherProgram,
      created_at: '2026-03-31T18:30:00.000Z',
      amount: 30000,
    });
    await insertPayment({
      student_id: priya.id,
      course_type: 'workshop',
      course_id: workshop,
      created_at: '2026-04-02T06:00:00.000Z',
      amount: 999,
      status: 'failed',
      failure_reason: 'card_declined',
    });
  });

  it('reads date_from and date_to as IST calendar days, both inclusive', async () => {
    const march = await payments('date_from=2026-03-01&date_to=2026-03-31');
    expect(march.results.map((p) => p.id)).toEqual([late]);
    expect(march.count).toBe(1);
    const april1 = await payments('date_from=2026-04-01&date_to=2026-04-01');
    expect(april1.results.map((p) => p.id)).toEqual([early]);
    const spring = await payments('date_from=2026-03-31&date_to=2026-04-30');
    expect(spring.count).toBe(3);
  });

  it('searches the student by username, name or email, and filters by course type, course and status', async () => {
    expect((await payments('search=PRIYA&date_to=2026-12-31')).results.every((p) => p.student.id === priya.id)).toBe(
      true,
    );
    expect((await payments('search=sharma&date_to=2026-12-31')).count).toBe(2);
    expect((await payments(`search=${encodeURIComponent('rahul.')}`)).results.map((p) => p.id)).toEqual([early]);
    const workshops = await payments('course_type=workshop');
    expect(workshops.results.map((p) => p.workshop_title)).toEqual(['Ratio Workshop']);
    expect((await payments(`course_type=program&course=${otherProgram}`)).results.map((p) => p.id)).toEqual([early]);
    const failed = await payments('status=failed&search=priya');
    expect(failed.count).toBe(1);
    expect(failed.results[0]!.failure_reason).toBe('card_declined');
  });

  it('refuses bad filters with sentences a person can act on', async () => {
    const res = await get(`${API.admin.payments}?date_from=31-03-2026&course_type=course`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      date_from: ['From date must be a date (YYYY-MM-DD).'],
      course_type: ['Course type must be one of: program, workshop.'],
    });
    const reversed = await get(`${API.admin.enrollments}?date_from=2026-04-02&date_to=2026-04-01`);
    expect(reversed).toMatchObject({ status: 400, body: { date_to: ['From date must not be after To date.'] } });
  });

  it('filters enrollments the same way, on the enrollment date', async () => {
    const now = '2026-05-10T10:00:00.000Z';
    await ctx.db
      .insertInto('enrollments')
      .values({
        student_id: rahul.id,
        course_type: 'workshop',
        course_id: workshop,
        status: 'pending',
        is_active: 0,
        progress_percentage: 0,
        issue_description: '',
        admin_notes: '',
        is_urgent: 1,
        enrolled_at: now,
        updated_at: now,
      })
      .execute();
    const res = await get(
      `${API.admin.enrollments}?search=rahul&course_type=workshop&date_from=2026-05-10&date_to=2026-05-10&is_urgent=true`,
    );
    const page = paginated(Enrollment).parse(res.body);
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ workshop: { id: workshop, title: 'Ratio Workshop' }, status: 'pending' });
    const none = await get(`${API.admin.enrollments}?search=rahul&date_to=2026-05-09`);
    expect(paginated(Enrollment).parse(none.body).count).toBe(0);
  });
});

/** Parses a CSV body (RFC 4180) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV exports', () => {
  it('streams the filtered payments with a BOM, a header row, IST dates, plain amounts and a dated file name', async () => {
    await ctx.db
      .updateTable('payments')
      .set({ admin_notes: '=HYPERLINK("x")\nsecond line' })
      .where('amount', '=', 999)
      .execute();
    const res = await get(`${API.admin.exports.payments}?search=priya&date_from=2026-03-01&date_to=2026-04-30`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payments-${istToday()}.csv"`);
    expect(res.raw.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.raw.slice(1));
    expect(header).toEqual([
      'ID',
      'Created (IST)',
      'Username',
      'Student',
      'Email',
      'Course type',
      'Course ID',
      'Course',
      'Amount (INR)',
      'Method',
      'Status',
      'Failure reason',
      'Urgent',
      'Completed (IST)',
      'Admin notes',
      'Coupon',
      'Discount (INR)',
      'Plan',
    ]);
    expect(rows).toHaveLength(2);
    const march = rows.find((r) => r[1] === '2026-03-31 23:59')!;
    expect(march.slice(2, 13)).toEqual([
      'priya',
      'Priya Sharma, "CA"',
      expect.stringContaining('@example.in'),
      'Program',
      String(program),
      'Credit Analyst Program',
      '50000',
      'upi',
      'Completed',
      '',
      'no',
    ]);
    const failed = rows.find((r) => r[10] === 'Failed')!;
    expect(failed[1]).toBe('2026-04-02 11:30');
    expect(failed[8]).toBe('999');
    // A formula is neutralised; the line break stays inside the quoted cell.
    expect(failed[14]).toBe('\'=HYPERLINK("x")\nsecond line');
  });

  it('streams thousands of rows batch by batch, each exactly once', async () => {
    const own = await createTestApp();
    try {
      const boss = await own.user('boss', 'admin');
      const s = await own.user('bulk');
      const rows = Array.from({ length: 2345 }, (_, i) => ({
        student_id: s.id,
        course_type: 'program' as const,
        course_id: 1,
        status: 'failed' as const,
        amount: i,
        payment_method: 'upi' as const,
        admin_notes: '',
        is_urgent: 0,
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        updated_at: new Date().toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 500)
        await own.db
          .insertInto('payments')
          .values(rows.slice(i, i + 500))
          .execute();
      const res = await own.request({ url: API.admin.exports.payments, token: boss.access });
      const [, ...lines] = parseCsv(res.raw.slice(1));
      expect(lines).toHaveLength(2345);
      expect(lines.map((l) => Number(l[8])).sort((a, b) => a - b)).toEqual(rows.map((r) => r.amount));
      const ids = lines.map((l) => Number(l[0]));
      expect(new Set(ids).size).toBe(2345);
    } finally {
      await own.close();
    }
  });

  it('exports enrollments, users and counseling requests with their filters, and audits every export', async () => {
    const enrollments = await get(`${API.admin.exports.enrollments}?course_type=workshop`);
    expect(enrollments.headers['content-disposition']).toBe(`attachment; filename="enrollments-${istToday()}.csv"`);
    const erows = parseCsv(enrollments.raw.slice(1));
    expect(erows[0]![0]).toBe('ID');
    expect(erows.slice(1).map((r) => [r[1], r[2], r[7], r[8], r[11]])).toEqual([
      ['2026-05-10 15:30', 'rahul', 'Ratio Workshop', 'Pending', 'yes'],
    ]);

    const users = await get(`${API.admin.exports.users}?role=student&search=priya`);
    const urows = parseCsv(users.raw.slice(1));
    expect(urows[0]).toEqual([
      'ID',
      'Username',
      'First name',
      'Last name',
      'Email',
      'Role',
      'Active',
      'Joined (IST)',
      'Last login (IST)',
    ]);
    expect(urows.slice(1).map((r) => [r[1], r[3], r[5], r[6]])).toEqual([['priya', 'Sharma, "CA"', 'student', 'yes']]);

    await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      body: { name: 'Export Lead', email: 'lead@example.in', phone: '9876543210', interest: 'Credit' },
    });
    const leads = await get(`${API.admin.exports.counselingRequests}?status=new&search=export`);
    const lrows = parseCsv(leads.raw.slice(1));
    expect(lrows.slice(1).map((r) => [r[2], r[4], r[8], r[9], r[11]])).toEqual([
      ['Export Lead', '9876543210', 'new', '', '0'],
    ]);

    const audit = paginated(AuditEntry).parse((await get(`${API.admin.auditLog}?action=export&page_size=50`)).body);
    const lists = audit.results.map((e) => e.changes.list);
    expect(lists).toEqual(expect.arrayContaining(['payments', 'enrollments', 'users', 'counseling-requests']));
    const usersExport = audit.results.find((e) => e.changes.list === 'users')!;
    expect(usersExport).toMatchObject({
      actor: { id: admin.id },
      entity: 'user',
      changes: { filters: { role: 'student', search: 'priya' } },
    });
  });

  it('refuses bad filters before sending a file', async () => {
    const res = await get(`${API.admin.exports.users}?is_active=perhaps`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

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
