import { beforeAll, describe, expect, it } from 'vitest';
import { API, OFFICE_MESSAGES, type EnrollmentImpact } from '../../contract/index.ts';
import { type TestUser } from './support/harness.ts';
import { instalmentWorld } from './support/instalments.ts';

/**
 * GET /api/admin/enrollments/{id}/impact/ (decision 077): what deleting an enrollment (or resolving it to
 * Cancelled) touches, read before the administrator confirms: the student, the instalments still due on
 * it, and why a delete would be refused.
 */
const { world, req, startWithPlan, verifyPaid } = instalmentWorld();
let admin: TestUser;
let instructor: TestUser;
let asha: TestUser;
let ravi: TestUser;
beforeAll(() => {
  ({ admin, instructor, asha, ravi } = world);
});

const enrollmentOf = (student: TestUser) =>
  world.ctx.db
    .selectFrom('enrollments')
    .select('id')
    .where('student_id', '=', student.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('what deleting or cancelling an enrollment touches', () => {
  it('a paid-for enrollment on Pay in 3 lists the two instalments still due, and says the delete is refused', async () => {
    const payment = await startWithPlan(asha, world.plan.id);
    expect((await verifyPaid(asha, payment.id)).status).toBe(200);
    const { id } = await enrollmentOf(asha);
    const res = await req('GET', API.admin.enrollmentImpact(id), admin);
    expect(res.status).toBe(200);
    const impact = res.body as EnrollmentImpact;
    expect(impact).toMatchObject({ enrollment_id: id, course_type: 'program', status: 'active', seat_released: false });
    expect(impact.student).toContain(asha.username);
    expect(impact.title).not.toBe('');
    expect(impact.unpaid_instalments.map((i) => [i.number, i.of, i.total_paise, i.enrollment_id])).toEqual([
      [2, 3, 2200000, id],
      [3, 3, 2200000, id],
    ]);
    expect(impact.unpaid_total_paise).toBe(4400000);
    expect(impact.delete_refused).toBe(OFFICE_MESSAGES.enrollmentHasMoney);
    // The delete itself says the same.
    const removed = await req('DELETE', API.admin.enrollment(id), admin);
    expect(removed.status).toBe(400);
  });

  it('an enrollment with nothing paid may be deleted: nothing refused', async () => {
    const at = new Date(world.now).toISOString();
    const { id } = await world.ctx.db
      .insertInto('enrollments')
      .values({
        student_id: ravi.id,
        course_type: 'program',
        course_id: world.programId,
        status: 'pending',
        is_active: 0,
        progress_percentage: 0,
        issue_description: '',
        admin_notes: '',
        is_urgent: 0,
        enrolled_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await req('GET', API.admin.enrollmentImpact(id), admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', unpaid_instalments: [], delete_refused: null });
    expect((await req('DELETE', API.admin.enrollment(id), admin)).status).toBe(204);
  });

  it('is for administrators only; an unknown enrollment is 404', async () => {
    const { id } = await enrollmentOf(asha);
    expect((await req('GET', API.admin.enrollmentImpact(id), asha)).status).toBe(403);
    expect((await req('GET', API.admin.enrollmentImpact(id), instructor)).status).toBe(403);
    expect((await req('GET', API.admin.enrollmentImpact(id), null)).status).toBe(401);
    expect((await req('GET', API.admin.enrollmentImpact(999999), admin)).status).toBe(404);
  });
});
