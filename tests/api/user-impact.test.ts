import { beforeAll, describe, expect, it } from 'vitest';
import { API, type UserImpact } from '../../contract/index.ts';
import { type TestUser } from './support/harness.ts';
import { instalmentWorld } from './support/instalments.ts';

/**
 * GET /api/admin/users/{id}/impact/ (decision 068): what Erase now (or deactivating) touches, read before
 * the administrator confirms: the student's ongoing enrollments and the instalments they still owe.
 */
const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let admin: TestUser;
let instructor: TestUser;
let asha: TestUser;
let ravi: TestUser;
beforeAll(() => {
  ({ admin, instructor, asha, ravi } = world);
});

describe('what a destructive action on a person touches', () => {
  it("lists a student's active enrollment and the two instalments still due, with what each would charge", async () => {
    const payment = await startWithPlan(asha, world.plan.id);
    expect((await verifyPaid(asha, payment.id)).status).toBe(200);
    const res = await req('GET', API.admin.userImpact(asha.id), admin);
    expect(res.status).toBe(200);
    const impact = res.body as UserImpact;
    expect(impact.username).toBe(asha.username);
    expect(impact.active_enrollments).toHaveLength(1);
    expect(impact.active_enrollments[0]).toMatchObject({ course_type: 'program', status: 'active' });
    expect(impact.active_enrollments[0]!.title).not.toBe('');
    expect(impact.unpaid_instalments.map((i) => [i.number, i.of, i.total_paise, i.overdue])).toEqual([
      [2, 3, 2200000, false],
      [3, 3, 2200000, false],
    ]);
    expect(impact.unpaid_total_paise).toBe(4400000);
  });

  it('a person with nothing ongoing touches nothing', async () => {
    const res = await req('GET', API.admin.userImpact(ravi.id), admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ active_enrollments: [], unpaid_instalments: [], unpaid_total_paise: 0 });
  });

  it('is for administrators only; an unknown person is 404', async () => {
    expect((await req('GET', API.admin.userImpact(asha.id), asha)).status).toBe(403);
    expect((await req('GET', API.admin.userImpact(asha.id), instructor)).status).toBe(403);
    expect((await req('GET', API.admin.userImpact(asha.id), null)).status).toBe(401);
    expect((await req('GET', API.admin.userImpact(999999), admin)).status).toBe(404);
  });
});
