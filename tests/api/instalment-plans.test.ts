import { beforeAll, describe, expect, it } from 'vitest';
import { API, INSTALMENT_PATHS, INSTALMENT_MESSAGES, type InstalmentPlan } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import { type TestContext, type TestUser } from './support/harness.ts';
import { instalmentWorld, THREE } from './support/instalments.ts';

/**
 * Instalment plans (decision record 054), on the run's database: who may create, read, change and delete
 * them, the schedules refused, the active ones a program page carries, a plan that cannot be chosen.
 */

const { world, req } = instalmentWorld({ plan: false });
let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
let asha: TestUser;
let ravi: TestUser;
let programId: number;
beforeAll(() => {
  ({ ctx, admin, instructor, asha, ravi, programId } = world);
});
let plan: InstalmentPlan;

describe('plans: administrators define them per program; the program page carries the active ones', () => {
  it('only administrators create, read, change and delete plans', async () => {
    const url = INSTALMENT_PATHS.adminProgramPlans(programId);
    const body = { name: 'Pay in 3', instalments: THREE, is_active: true };
    expect((await req('POST', url, null, body)).status).toBe(401);
    expect((await req('POST', url, asha, body)).status).toBe(403);
    expect((await req('POST', url, instructor, body)).status).toBe(403);
    const created = await req('POST', url, admin, body);
    expect(created.status).toBe(201);
    plan = created.body as InstalmentPlan;
    expect(plan).toMatchObject({ name: 'Pay in 3', total: 69000, is_active: true, program_id: programId });
    for (const user of [null, asha, instructor]) {
      expect((await req('GET', url, user)).status).toBe(user ? 403 : 401);
      expect((await req('GET', INSTALMENT_PATHS.adminPlan(plan.id), user)).status).toBe(user ? 403 : 401);
      expect((await req('PATCH', INSTALMENT_PATHS.adminPlan(plan.id), user, { name: 'x' })).status).toBe(
        user ? 403 : 401,
      );
      expect((await req('DELETE', INSTALMENT_PATHS.adminPlan(plan.id), user)).status).toBe(user ? 403 : 401);
    }
    expect(((await req('GET', url, admin)).body as InstalmentPlan[]).map((p) => p.id)).toEqual([plan.id]);
    expect((await req('GET', INSTALMENT_PATHS.adminProgramPlans(999999), admin)).status).toBe(404);
  });

  it('refuses a schedule that does not start at checkout or goes backwards, with a sentence', async () => {
    const url = INSTALMENT_PATHS.adminProgramPlans(programId);
    const late = await req('POST', url, admin, {
      name: 'Late',
      instalments: [
        { amount: 1, due_after_days: 5 },
        { amount: 1, due_after_days: 9 },
      ],
    });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain(INSTALMENT_MESSAGES.firstDueNow);
    const back = await req('POST', url, admin, {
      name: 'Back',
      instalments: [
        { amount: 1, due_after_days: 0 },
        { amount: 1, due_after_days: 0 },
      ],
    });
    expect(back.status).toBe(400);
    expect(JSON.stringify(back.body)).toContain(INSTALMENT_MESSAGES.daysInOrder);
    const fraction = await req('POST', url, admin, {
      name: 'Paise',
      instalments: [
        { amount: 1.5, due_after_days: 0 },
        { amount: 1, due_after_days: 3 },
      ],
    });
    expect(fraction.status).toBe(400);
  });

  it('GET /classroom/programs/{id}/ carries the active plans only', async () => {
    const spare = (
      await req('POST', INSTALMENT_PATHS.adminProgramPlans(programId), admin, {
        name: 'Pay in 2',
        instalments: [
          { amount: 35000, due_after_days: 0 },
          { amount: 35000, due_after_days: 45 },
        ],
        is_active: false,
      })
    ).body as InstalmentPlan;
    const page = (await req('GET', API.programs.detail(programId), null)).body as { plans: InstalmentPlan[] };
    expect(page.plans.map((p) => p.name)).toEqual(['Pay in 3']);
    // Unused: deleted outright.
    expect((await req('DELETE', INSTALMENT_PATHS.adminPlan(spare.id), admin)).status).toBe(204);
    expect((await req('GET', INSTALMENT_PATHS.adminPlan(spare.id), admin)).status).toBe(404);
  });

  it('a plan offered for another program, or switched off, cannot be chosen', async () => {
    const other = await createProgram(ctx, admin.access, { title: 'Other Program', price: 1000 });
    const res = await req('POST', API.programs.payment(other), ravi, { plan: plan.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: INSTALMENT_MESSAGES.planNotOffered });
  });
});
