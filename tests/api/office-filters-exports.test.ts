import { beforeAll, describe, expect, it } from 'vitest';
import { API, AuditEntry, Enrollment, istToday, paginated } from '../../contract/index.ts';
import { createTestApp } from './support/harness.ts';
import {
  admin,
  ctx,
  get,
  insertPayment,
  otherProgram,
  payments,
  priya,
  program,
  rahul,
  workshop,
  useOfficeApp,
} from './support/office-app.ts';

/**
 * The office's list filters (IST dates, inclusive) and CSV exports. Records are written straight into the
 * tables with chosen dates, so IST day and month boundaries can be tested exactly.
 */
useOfficeApp();

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
