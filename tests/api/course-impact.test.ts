import { beforeAll, describe, expect, it } from 'vitest';
import { API, type CourseImpact } from '../../contract/index.ts';
import { createProgram, createWorkshop } from './support/fixtures.ts';
import { type TestUser } from './support/harness.ts';
import { instalmentWorld } from './support/instalments.ts';

/**
 * GET /api/admin/programs|workshops/{id}/impact/ (decision 077): what deleting a course touches, read before
 * the administrator confirms. It says what the delete will do (a course with payments or enrollments is
 * archived), who is still in it and what is still due; the delete then does exactly that.
 */
const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let admin: TestUser;
let asha: TestUser;
beforeAll(() => {
  ({ admin, asha } = world);
});

const impactOf = async (path: string) => {
  const res = await req('GET', path, admin);
  expect(res.status).toBe(200);
  return res.body as CourseImpact;
};

describe('what deleting a course touches', () => {
  it('a program a student pays in 3 for is archived: the student and the two instalments due are listed', async () => {
    const payment = await startWithPlan(asha, world.plan.id);
    expect((await verifyPaid(asha, payment.id)).status).toBe(200);
    const impact = await impactOf(API.admin.programImpact(world.programId));
    expect(impact).toMatchObject({
      course_type: 'program',
      course_id: world.programId,
      outcome: 'archived',
      enrollments: 1,
      active_enrollments: 1,
      has_payments: true,
      unpaid_total_paise: 4400000,
    });
    expect(impact.unpaid_instalments.map((i) => [i.number, i.of, i.total_paise])).toEqual([
      [2, 3, 2200000],
      [3, 3, 2200000],
    ]);
    // The delete does what the impact said: the program is archived, the student keeps the course.
    expect((await req('DELETE', API.programs.remove(world.programId), admin)).status).toBe(204);
    const row = await world.ctx.db
      .selectFrom('programs')
      .select('is_active')
      .where('id', '=', world.programId)
      .executeTakeFirst();
    expect(row?.is_active).toBe(0);
    const enrollment = await world.ctx.db
      .selectFrom('enrollments')
      .select('status')
      .where('student_id', '=', asha.id)
      .where('course_id', '=', world.programId)
      .executeTakeFirstOrThrow();
    expect(enrollment.status).toBe('active');
  });

  it('a course nobody paid for or joined is deleted, and says so', async () => {
    const programId = await createProgram(world.ctx, admin.access, { title: 'Draft program' });
    expect(await impactOf(API.admin.programImpact(programId))).toEqual({
      course_type: 'program',
      course_id: programId,
      outcome: 'deleted',
      enrollments: 0,
      active_enrollments: 0,
      has_payments: false,
      unpaid_instalments: [],
      unpaid_total_paise: 0,
    });
    const workshopId = await createWorkshop(world.ctx, admin.access, { title: 'Draft workshop' });
    expect(await impactOf(API.admin.workshopImpact(workshopId))).toMatchObject({
      course_type: 'workshop',
      outcome: 'deleted',
      enrollments: 0,
    });
    expect((await req('DELETE', API.programs.remove(programId), admin)).status).toBe(204);
    expect((await req('GET', API.admin.programImpact(programId), admin)).status).toBe(404);
  });

  it('is for administrators only; an unknown course is 404', async () => {
    const path = API.admin.programImpact(world.programId);
    expect((await req('GET', path, asha)).status).toBe(403);
    expect((await req('GET', path, world.instructor)).status).toBe(403);
    expect((await req('GET', path, null)).status).toBe(401);
    expect((await req('GET', API.admin.workshopImpact(999999), admin)).status).toBe(404);
  });
});
