import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DELIVERY_PATHS,
  INSTALMENT_PATHS,
  INSTALMENT_MESSAGES,
  addDays,
  istToday,
  type Instalment,
  type InstalmentPlan,
  type PaymentStart,
} from '../../contract/index.ts';
import { runInstalmentPass } from '../../server/domains/pricing/instalment-pass.ts';
import { seedDemo } from '../../server/platform/db/seed.ts';
import { TEST_DB, type TestContext, type TestUser } from './support/harness.ts';
import { DAY, instalmentWorld } from './support/instalments.ts';
import { twoInstances } from './support/two-instances.ts';

/**
 * Unpaid instalments (decision record 054), on the run's database: reminders before and on the due date,
 * once each even with two processes, the pause of access after the grace days and its end, the
 * administrators' list and moved due dates. The instalments' clock is `world.now`.
 */

const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let ravi: TestUser;
let programId: number;
let plan: InstalmentPlan;
beforeAll(() => {
  ({ ctx, admin, instructor, ravi, programId, plan } = world);
});

describe('unpaid instalments: reminders, the pause of access, administrators', () => {
  let enrollmentId: number;
  let schedule: Instalment[];
  const start = world.now;

  beforeAll(async () => {
    const payment = await startWithPlan(ravi, plan.id);
    enrollmentId = ((await verifyPaid(ravi, payment.id)).body as { enrollment: { id: number } }).enrollment.id;
    schedule = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), ravi)).body as Instalment[];
  });
  afterEach(() => {
    world.now = start;
  });
  const emails = (template: string) =>
    ctx.db.selectFrom('outbox').select(['recipients', 'subject']).where('template', '=', template).execute();
  const course = () => req('GET', DELIVERY_PATHS.course(enrollmentId), ravi);

  it('reminds 3 days before and on the due date, once each; the schedule says overdue after it', async () => {
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 26 * DAY)).toBe(0);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 27 * DAY)).toBe(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 28 * DAY)).toBe(0);
    expect(await emails('instalment_before')).toHaveLength(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 30 * DAY)).toBe(1);
    expect((await emails('instalment_due'))[0]!.subject).toContain(
      'Instalment 2 of Credit Analyst Program is due today',
    );
    world.now = start + 31 * DAY;
    const overdue = (await req('GET', INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), ravi)).body as Instalment[];
    expect(overdue.map((i) => i.status)).toEqual(['paid', 'overdue', 'due']);
    // Still within the grace days: the course page is open.
    expect((await course()).status).toBe(200);
  });

  it('administrators see overdue ones first, filter by status, and move a due date with a reason (audited)', async () => {
    world.now = start + 31 * DAY;
    for (const user of [null, ravi, instructor]) {
      expect((await req('GET', INSTALMENT_PATHS.adminInstalments, user)).status).toBe(user ? 403 : 401);
      expect((await req('PATCH', INSTALMENT_PATHS.adminInstalment(schedule[1]!.id), user, {})).status).toBe(
        user ? 403 : 401,
      );
    }
    const all = (await req('GET', INSTALMENT_PATHS.adminInstalments, admin)).body as Array<
      Instalment & { student: string }
    >;
    // The schedule with something overdue comes first, its instalments by number (decision record 066).
    expect(all.slice(0, 3).map((i) => [i.id, i.number, i.status, i.student])).toEqual([
      [schedule[0]!.id, 1, 'paid', 'Ravi Tester'],
      [schedule[1]!.id, 2, 'overdue', 'Ravi Tester'],
      [schedule[2]!.id, 3, 'due', 'Ravi Tester'],
    ]);
    const overdue = (await req('GET', `${INSTALMENT_PATHS.adminInstalments}?status=overdue`, admin))
      .body as Instalment[];
    expect(overdue.map((i) => i.id)).toEqual([schedule[1]!.id]);
    const paid = (await req('GET', `${INSTALMENT_PATHS.adminInstalments}?status=paid`, admin)).body as Instalment[];
    expect(paid.every((i) => i.status === 'paid')).toBe(true);
    expect((await req('GET', `${INSTALMENT_PATHS.adminInstalments}?status=late`, admin)).status).toBe(400);

    const today = istToday(new Date(world.now));
    const past = await req('PATCH', INSTALMENT_PATHS.adminInstalment(schedule[1]!.id), admin, {
      due_on: addDays(today, -1),
      reason: 'x',
    });
    expect(past.body).toEqual({ error: INSTALMENT_MESSAGES.dueInPast });
    const moved = await req('PATCH', INSTALMENT_PATHS.adminInstalment(schedule[1]!.id), admin, {
      due_on: addDays(today, 5),
      reason: 'Salary comes on the 1st',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ due_on: addDays(today, 5), status: 'due' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'changes'])
      .where('entity', '=', 'instalment')
      .where('entity_id', '=', schedule[1]!.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect(JSON.parse(audit[0]!.changes)).toEqual({
      due_on: { from: schedule[1]!.due_on, to: addDays(today, 5) },
      reason: { from: null, to: 'Salary comes on the 1st' },
    });
    // Back to its first date for the next test.
    await ctx.db
      .updateTable('instalments')
      .set({ due_on: schedule[1]!.due_on })
      .where('id', '=', schedule[1]!.id)
      .execute();
  });

  it(`unpaid ${7} days after the due date pauses lessons and live sessions (not the dashboard); paying restores at once`, async () => {
    const module = (
      await req('POST', DELIVERY_PATHS.adminProgramModules(programId), admin, { title: 'Credit appraisal' })
    ).body as { id: number };
    const lesson = (
      await req('POST', DELIVERY_PATHS.adminModuleLessons(module.id), admin, {
        title: 'Ratios',
        kind: 'text',
        body: 'x',
      })
    ).body as { id: number };
    const openLesson = () => req('GET', DELIVERY_PATHS.lesson(lesson.id), ravi);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 37 * DAY)).toBe(0);
    expect((await course()).status).toBe(200);
    expect((await openLesson()).status).toBe(200);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 38 * DAY)).toBe(1);
    expect(await runInstalmentPass(ctx.db, ctx.config, start + 39 * DAY)).toBe(0);
    expect((await emails('instalment_suspended'))[0]!.subject).toBe('Your access to Credit Analyst Program is paused');
    const paused = await course();
    expect(paused.status).toBe(403);
    expect(paused.body).toMatchObject({ detail: INSTALMENT_MESSAGES.suspended(schedule[1]!.due_on) });
    expect((await openLesson()).status).toBe(403);
    // The dashboard, the invoices and paying stay open.
    expect((await req('GET', API.enrollments.list, ravi)).status).toBe(200);
    expect((await req('GET', API.payments.invoice(schedule[0]!.payment!), ravi)).status).toBe(200);
    const payment = (await req('POST', INSTALMENT_PATHS.instalmentPayment(schedule[1]!.id), ravi)).body as PaymentStart;
    expect((await verifyPaid(ravi, payment.id)).status).toBe(200);
    expect((await course()).status).toBe(200);
    expect((await openLesson()).status).toBe(200);
  });
});

describe(`reminders with two processes on one ${TEST_DB} database`, () => {
  it('each reminder is written once', async () => {
    const two = await twoInstances();
    try {
      const db = two.handles[0]!.db;
      await seedDemo(db);
      const enrollment = await db
        .selectFrom('enrollments')
        .select(['id'])
        .where('course_type', '=', 'program')
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const seededPlan = await db.selectFrom('instalment_plans').select(['id']).executeTakeFirstOrThrow();
      const today = istToday(new Date(world.now));
      const at = new Date(world.now).toISOString();
      for (const [number, dueOn] of [
        [1, addDays(today, 3)],
        [2, today],
        [3, addDays(today, -9)],
      ] as const) {
        await db
          .insertInto('instalments')
          .values({
            enrollment_id: enrollment.id,
            plan_id: seededPlan.id,
            number,
            amount: 1000,
            due_on: dueOn,
            status: 'due',
            discount_paise: 0,
            coupon_code: null,
            paid_at: null,
            suspended_at: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      const config = two.apps[0]!.deps.config;
      const passes = await Promise.all(
        [0, 1, 0, 1].map((i) => runInstalmentPass(two.handles[i]!.db, config, world.now)),
      );
      // before (1), due (2), due and suspended (3): four emails in all, whoever wrote them.
      expect(passes.reduce((a, b) => a + b, 0)).toBe(4);
      const outbox = await db
        .selectFrom('outbox')
        .select('template')
        .where('template', 'like', 'instalment_%')
        .execute();
      expect(outbox.map((o) => o.template).sort()).toEqual([
        'instalment_before',
        'instalment_due',
        'instalment_due',
        'instalment_suspended',
      ]);
    } finally {
      await two.close();
    }
  });
});
