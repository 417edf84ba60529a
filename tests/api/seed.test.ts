import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  Faculty,
  LEVELS,
  Program,
  Resource,
  RESOURCE_TYPES,
  STATUSES,
  SuccessStory,
  TARGET_AUDIENCES,
  Workshop,
  type Enrollment,
  type Payment,
  type Paginated,
} from '../../contract/index.ts';
import { seedDemoIfEmpty } from '../../server/db/seed.ts';
import { completeThroughGateway } from './support/fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';
import { expectTotalsMatchTables } from './support/totals.ts';

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
    expect(
      ((await ctx.request({ url: '/classroom/success-stories/?featured=true' })).body as SuccessStory[]).length,
    ).toBe(4);
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
    // The Pay flow works end to end on one of them.
    const started = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${open[0]!.id}/payment/`,
      token: studentToken,
      body: { payment_method: 'credit_card' },
    });
    expect(started.status).toBe(201);
    const done = await completeThroughGateway(ctx, studentToken, (started.body as Payment).id);
    expect(done.status).toBe(200);
  });

  it('seeds only an empty database', async () => {
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
    const users = await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').execute();
    expect(users).toHaveLength(1);
  });
});

describe('running totals after the seed', () => {
  it('match the tables', async () => {
    await expectTotalsMatchTables(ctx.db);
  });
});
