import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Batch,
  CATEGORIES,
  Course,
  DELIVERY_PATHS,
  Faculty,
  LEVELS,
  Program,
  Resource,
  RESOURCE_TYPES,
  STATUSES,
  SuccessStory,
  TARGET_AUDIENCES,
  Workshop,
  API,
  OPENING_PATHS,
  type StudentOpening,
  type Enrollment,
  type Gstr1Summary,
  type Payment,
  type Paginated,
  type RevenueRow,
  istDateTime,
  rupeesToPaise,
} from '../../contract/index.ts';
import { seedDemoIfEmpty } from '../../server/platform/db/seed.ts';
import { completeThroughGateway } from './support/fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';
import { expectTotalsMatchTables } from './support/totals.ts';
import { expectRevenueMatchesRecount } from './support/revenue-recount.ts';

let ctx: TestContext;
let adminToken: string;
let studentToken: string;

const login = async (username: string, password: string) => {
  const res = await ctx.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
  expect(res.status).toBe(200);
  return (res.body as { access: string }).access;
};

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  adminToken = await login('admin', 'admin123');
  studentToken = await login('student', 'student123');
});
afterAll(async () => ctx?.close());

describe('demo content', () => {
  it('has demo users admin (administrator) and student (student)', async () => {
    expect((await ctx.request({ url: '/classroom/auth/me/', token: adminToken })).body).toMatchObject({
      username: 'admin',
      profile: { role: 'admin', is_admin: true },
    });
    expect((await ctx.request({ url: '/classroom/auth/me/', token: studentToken })).body).toMatchObject({
      username: 'student',
      profile: { role: 'student', is_student: true },
    });
  });

  it('has at least 8 programs covering every level, category and audience; featured, flagship and one inactive', async () => {
    const all = (await ctx.request({ url: '/classroom/programs/?include_inactive=true', token: adminToken }))
      .body as Program[];
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const p of all) Program.parse(p);
    expect(new Set(all.map((p) => p.level))).toEqual(new Set(LEVELS));
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(all.map((p) => p.target_audience))).toEqual(new Set(TARGET_AUDIENCES));
    expect(all.some((p) => p.is_featured)).toBe(true);
    expect(all.some((p) => p.is_flagship)).toBe(true);
    expect(all.filter((p) => !p.is_active)).toHaveLength(1);
    expect(all.every((p) => p.instructor !== null)).toBe(true);
  });

  it('has 6 faculty, 4 featured', async () => {
    const faculty = (await ctx.request({ url: '/classroom/faculty/' })).body as Faculty[];
    expect(faculty).toHaveLength(6);
    expect(((await ctx.request({ url: '/classroom/faculty/?featured=true' })).body as Faculty[]).length).toBe(4);
  });

  it('has 10 workshops: upcoming, past, free and one full', async () => {
    const workshops = (await ctx.request({ url: '/classroom/workshops/' })).body as Workshop[];
    expect(workshops).toHaveLength(10);
    expect(
      ((await ctx.request({ url: '/classroom/workshops/?upcoming=true' })).body as Workshop[]).length,
    ).toBeGreaterThan(0);
    expect(((await ctx.request({ url: '/classroom/workshops/?past=true' })).body as Workshop[]).length).toBeGreaterThan(
      0,
    );
    expect(workshops.some((w) => w.is_free)).toBe(true);
    expect(workshops.filter((w) => w.current_participants === w.max_participants).length).toBeGreaterThanOrEqual(1);
  });

  it('has 4 featured success stories, 12 resources of all six types, and testimonials', async () => {
    const stories = (await ctx.request({ url: '/classroom/success-stories/?featured=true' })).body as SuccessStory[];
    expect(stories).toHaveLength(4);
    // Consented item by item (decision 079): some stories leave out the name, the company or the CTC.
    expect(stories.some((s) => s.student_name === undefined)).toBe(true);
    expect(stories.some((s) => s.annual_ctc === undefined)).toBe(true);
    // The demo student's own story, consented in full, beside the course they paid for.
    const mine = (await ctx.request({ url: '/classroom/stories/', token: studentToken })).body as {
      preview: SuccessStory;
      published: boolean;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      published: true,
      preview: { student_name: 'Rahul Verma', course: { paid: true } },
    });
    expect(stories.map((s) => s.id)).toContain(mine[0]!.preview.id);
    const resources = (await ctx.request({ url: '/classroom/resources/' })).body as Resource[];
    expect(resources).toHaveLength(12);
    expect(new Set(resources.map((r) => r.resource_type))).toEqual(new Set(RESOURCE_TYPES));
    expect(resources.every((r) => (r.external_url ?? '').startsWith('https://') || (r.file ?? '').length > 0)).toBe(
      true,
    );
    expect(((await ctx.request({ url: '/classroom/testimonials/' })).body as unknown[]).length).toBeGreaterThan(0);
  });

  it('has enrollments and payments in every status, failed ones with reasons, some urgent', async () => {
    const payments = (
      (await ctx.request({ url: '/api/admin/payments/?page_size=200', token: adminToken })).body as Paginated<Payment>
    ).results;
    const enrollments = (
      (await ctx.request({ url: '/api/admin/enrollments/?page_size=200', token: adminToken }))
        .body as Paginated<Enrollment>
    ).results;
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(STATUSES));
    expect(new Set(enrollments.map((e) => e.status))).toEqual(new Set(STATUSES));
    expect(payments.filter((p) => p.status === 'failed').every((p) => p.failure_reason !== null)).toBe(true);
    expect(payments.some((p) => p.is_urgent)).toBe(true);
    expect(enrollments.some((e) => e.is_urgent)).toBe(true);
    const summary = (await ctx.request({ url: '/api/admin/issue-summary/', token: adminToken })).body as {
      total_issues: number;
    };
    expect(summary.total_issues).toBeGreaterThan(0);
  });

  it('leaves the demo student one active course, one pending payment, and programs open to Pay', async () => {
    const enrollments = (await ctx.request({ url: '/classroom/enrollments/', token: studentToken }))
      .body as Enrollment[];
    const payments = (await ctx.request({ url: '/classroom/payments/', token: studentToken })).body as Payment[];
    expect(enrollments.filter((e) => e.is_active)).toHaveLength(1);
    expect(payments.filter((p) => p.status === 'pending')).toHaveLength(1);
    expect(payments.filter((p) => p.status === 'completed')).toHaveLength(1);
    const programs = (await ctx.request({ url: '/classroom/programs/' })).body as Program[];
    const taken = new Set([...enrollments.map((e) => e.course), ...payments.map((p) => p.course)]);
    const open = programs.filter((p) => !taken.has(p.id));
    expect(open.length).toBeGreaterThan(0);
    // The Pay flow works end to end on one of them, in one of its open batches.
    const batches = (await ctx.request({ url: DELIVERY_PATHS.programBatches(open[0]!.id) })).body as Batch[];
    const started = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${open[0]!.id}/payment/`,
      token: studentToken,
      body: { payment_method: 'credit_card', batch: batches[0]!.id },
    });
    expect(started.status).toBe(201);
    const done = await completeThroughGateway(ctx, studentToken, (started.body as Payment).id);
    expect(done.status).toBe(200);
  });

  it('offers every program a "Pay in 3" plan and the coupon WELCOME10 (10% off, once per student)', async () => {
    const programs = (await ctx.request({ url: '/classroom/programs/' })).body as Program[];
    const detail = (await ctx.request({ url: `/classroom/programs/${programs[0]!.id}/` })).body as {
      price: number;
      plans: { name: string }[];
    };
    expect(detail.plans.map((p) => p.name)).toEqual(['Pay in 3']);
    const check = await ctx.request({
      method: 'POST',
      url: '/classroom/coupons/check/',
      token: studentToken,
      body: { code: 'welcome10', course_type: 'program', course: programs[0]!.id },
    });
    expect(check.body).toMatchObject({
      valid: true,
      discount_paise: detail.price * 10,
      discount: detail.price / 10,
      rule: { kind: 'percent', value: 10 },
    });
  });

  it('gives the demo student three open openings: one shortlisted, one with an interview scheduled, one to apply to', async () => {
    const res = await ctx.request({ url: OPENING_PATHS.studentOpenings, token: studentToken });
    const openings = res.body as StudentOpening[];
    expect(openings).toHaveLength(3);
    expect(openings.map((o) => o.application?.stage ?? 'none').sort()).toEqual([
      'interview_scheduled',
      'none',
      'shortlisted',
    ]);
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    const users = await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').execute();
    expect(users).toHaveLength(1);
  });
});

describe('demo course delivery', () => {
  it('gives every program a running batch and a later one with IST evening or weekend classes, and 4 to 6 modules', async () => {
    const programs = (await ctx.request({ url: '/classroom/programs/?include_inactive=true', token: adminToken }))
      .body as Program[];
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    for (const program of programs) {
      const batches = (
        await ctx.request({ url: `${DELIVERY_PATHS.adminBatches}?course=${program.id}`, token: adminToken })
      ).body as Batch[];
      expect(batches.filter((b) => b.starts_on <= today && b.ends_on >= today)).toHaveLength(1);
      expect(batches.filter((b) => b.starts_on > today)).toHaveLength(1);
      const modules = (await ctx.request({ url: DELIVERY_PATHS.adminProgramModules(program.id), token: adminToken }))
        .body as { lessons: { is_preview: boolean }[] }[];
      expect(modules.length).toBeGreaterThanOrEqual(4);
      expect(modules.length).toBeLessThanOrEqual(6);
      expect(modules.flatMap((m) => m.lessons).some((l) => l.is_preview)).toBe(true);
      const detail = (await ctx.request({ url: DELIVERY_PATHS.adminBatch(batches[0]!.id), token: adminToken }))
        .body as {
        sessions: { starts_at: string }[];
      };
      for (const s of detail.sessions.slice(0, 6)) {
        const hour = Number(s.starts_at.slice(11, 13));
        expect(s.starts_at.endsWith('+05:30')).toBe(true);
        expect([10, 19]).toContain(hour);
      }
    }
  });

  it('puts the demo student in a running batch with some lessons done', async () => {
    const enrollments = (await ctx.request({ url: '/classroom/enrollments/', token: studentToken }))
      .body as Enrollment[];
    // The oldest: the one the demo data gave (an earlier test paid for another program).
    const active = enrollments.filter((e) => e.is_active && e.course_type === 'program').at(-1)!;
    expect(active.batch).not.toBeNull();
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(active.id), token: studentToken })).body,
    );
    expect(course.progress_percentage).toBeGreaterThan(0);
    expect(course.progress_percentage).toBeLessThan(100);
    expect(course.sessions.length).toBeGreaterThan(10);
    expect(course.next_session).not.toBeNull();
  });
});

describe('running totals after the seed', () => {
  it('match the tables', async () => {
    await expectTotalsMatchTables(ctx.db);
    await expectRevenueMatchesRecount(ctx.db);
  });
});

describe('the demo office (decision record 066)', () => {
  it('has an invoice for every completed payment, so Revenue and the GSTR-1 return agree for every month', async () => {
    const months = (await ctx.request({ url: `${API.admin.revenue}?group=month`, token: adminToken }))
      .body as RevenueRow[];
    expect(months.length).toBeGreaterThanOrEqual(2);
    for (const month of months) {
      const res = await ctx.request({
        url: `${API.admin.gstr1}?period=${month.key}&format=summary`,
        token: adminToken,
      });
      expect(res.status, res.raw).toBe(200);
      const gstr1 = res.body as Gstr1Summary;
      // The month's net revenue (received, less refunds) is the value GSTR-1 reports for it.
      const hsn = gstr1.tables.find((t) => t.table === 'hsn')!;
      expect({ month: month.key, value: hsn.value_paise }).toEqual({
        month: month.key,
        value: rupeesToPaise(month.net),
      });
    }
    // The invoices: one per completed payment of something, each dated the (IST) day it was paid.
    const unpaid = await ctx.db
      .selectFrom('payments')
      .leftJoin('tax_documents', (join) =>
        join.onRef('tax_documents.payment_id', '=', 'payments.id').on('tax_documents.kind', '=', 'invoice'),
      )
      .select(['payments.id', 'payments.completed_at', 'tax_documents.issued_at'])
      .where('payments.status', '=', 'completed')
      .where('payments.amount', '>', 0)
      .execute();
    expect(unpaid.length).toBeGreaterThan(0);
    const istDay = (iso: string | null) => (iso ? istDateTime(iso).slice(0, 10) : null);
    for (const row of unpaid) expect(istDay(row.issued_at), `payment ${row.id}`).toBe(istDay(row.completed_at));
  });
});
