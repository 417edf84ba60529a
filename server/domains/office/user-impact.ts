import {
  OFFICE_MESSAGES,
  type CourseImpact,
  type CourseType,
  type EnrollmentImpact,
  type UserImpact,
} from '../../../contract/index.ts';
import { courseExists } from '../catalogue/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notFound } from '../../platform/lib/errors.ts';
import type { EnrollmentView } from '../enrollments/repository.ts';
import { givesAccess } from '../enrollments/service.ts';
import { enrollmentsOfCourse, enrollmentsOfStudent, findEnrollmentView } from '../enrollments/index.ts';
import { hasCompletedPayment, paymentsExistForCourse } from '../payments/index.ts';
import { findUserById } from '../accounts/index.ts';
import { instalmentSchedule, todayIst, toInstalment } from '../pricing/index.ts';
import type { PricingRules } from '../pricing/service.ts';

/** An enrollment the person is still in: not ended, cancelled or failed. */
const ONGOING = new Set(['pending', 'active', 'on_hold']);

/**
 * GET /api/admin/users/{id}/impact/ (decisions 068, 077): what erasing or deactivating the person touches, read
 * before the administrator confirms: their ongoing enrollments and every instalment still due on them,
 * each at what it would charge (the schedule's own figure, so the same the student is shown).
 */
export async function userImpact(db: Db, rules: PricingRules, userId: number): Promise<UserImpact> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const enrollments = (await enrollmentsOfStudent(db, userId)).filter((e) => ONGOING.has(e.status));
  const unpaid: UserImpact['unpaid_instalments'] = [];
  for (const enrollment of enrollments) unpaid.push(...(await unpaidOn(db, rules, enrollment)));
  return {
    user_id: user.id,
    username: user.username,
    active_enrollments: enrollments.map((e) => ({
      id: e.id,
      course_type: e.course_type,
      title: titleOf(e),
      status: e.status,
      batch: e.batch_name ?? null,
    })),
    unpaid_instalments: unpaid,
    unpaid_total_paise: totalOf(unpaid),
  };
}

const titleOf = (e: EnrollmentView) => (e.course_type === 'program' ? e.program_title : e.workshop_title) ?? '';
const totalOf = (unpaid: UserImpact['unpaid_instalments']) => unpaid.reduce((sum, i) => sum + i.total_paise, 0);

/** The instalments still due on one enrollment, each at what it would charge (the schedule's own figure). */
async function unpaidOn(db: Db, rules: PricingRules, enrollment: EnrollmentView) {
  const today = todayIst();
  const schedule = (await instalmentSchedule(db, enrollment.id)).map((row) => toInstalment(row, today, rules));
  const of = schedule.filter((i) => i.status !== 'cancelled').length;
  return schedule
    .filter((i) => i.status === 'due' || i.status === 'overdue')
    .map((due) => ({
      id: due.id,
      enrollment_id: enrollment.id,
      title: titleOf(enrollment),
      number: due.number,
      of,
      total_paise: due.total_paise,
      due_on: due.due_on,
      overdue: due.status === 'overdue',
    }));
}

/**
 * GET /api/admin/enrollments/{id}/impact/ (decision 077): what deleting the enrollment or resolving it to
 * Cancelled touches: its student and course, the instalments still due on it, the workshop seat it holds;
 * and, when it was paid for, the reason a delete is refused (the same rule as the delete's).
 */
export async function enrollmentImpact(db: Db, rules: PricingRules, id: number): Promise<EnrollmentImpact> {
  const enrollment = await findEnrollmentView(db, id);
  if (!enrollment) throw notFound();
  const unpaid = await unpaidOn(db, rules, enrollment);
  const paid = await hasCompletedPayment(db, enrollment.student_id, enrollment.course_type, enrollment.course_id);
  const name = `${enrollment.student_first_name} ${enrollment.student_last_name}`.trim();
  return {
    enrollment_id: enrollment.id,
    student: name ? `${name} (${enrollment.student_username})` : enrollment.student_username,
    course_type: enrollment.course_type,
    title: titleOf(enrollment),
    status: enrollment.status,
    batch: enrollment.batch_name ?? null,
    unpaid_instalments: unpaid,
    unpaid_total_paise: totalOf(unpaid),
    seat_released: enrollment.course_type === 'workshop' && givesAccess(enrollment),
    delete_refused: paid ? OFFICE_MESSAGES.enrollmentHasMoney : null,
  };
}

/**
 * GET /api/admin/programs|workshops/{id}/impact/ (decision 077): what deleting the course touches. The delete
 * archives a course that has any payment or enrollment (catalogue routes, the same two checks), so the answer
 * says which will happen, how many students are still in it and what is still due on their enrollments.
 */
export async function courseImpact(
  db: Db,
  rules: PricingRules,
  courseType: CourseType,
  id: number,
): Promise<CourseImpact> {
  if (!(await courseExists(db, courseType, id))) throw notFound();
  const enrollments = await enrollmentsOfCourse(db, courseType, id);
  const hasPayments = await paymentsExistForCourse(db, courseType, id);
  const ongoing = enrollments.filter((e) => ONGOING.has(e.status));
  const unpaid: CourseImpact['unpaid_instalments'] = [];
  for (const enrollment of ongoing) unpaid.push(...(await unpaidOn(db, rules, enrollment)));
  return {
    course_type: courseType,
    course_id: id,
    outcome: enrollments.length > 0 || hasPayments ? 'archived' : 'deleted',
    enrollments: enrollments.length,
    active_enrollments: ongoing.length,
    has_payments: hasPayments,
    unpaid_instalments: unpaid,
    unpaid_total_paise: totalOf(unpaid),
  };
}
