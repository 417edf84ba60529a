import type { UserImpact } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../lib/errors.ts';
import { createEnrollmentRepository } from '../repositories/enrollments.ts';
import { createInstalmentRepository } from '../repositories/instalments.ts';
import { createUserRepository } from '../repositories/users.ts';
import { todayIst, toInstalment } from './instalment-schedule.ts';
import type { PricingRules } from './pricing.ts';

/** An enrollment the person is still in: not ended, cancelled or failed. */
const ONGOING = new Set(['pending', 'active', 'on_hold']);

/**
 * GET /api/admin/users/{id}/impact/ (decision 068): what erasing or deactivating the person touches, read
 * before the administrator confirms: their ongoing enrollments and every instalment still due on them,
 * each at what it would charge (the schedule's own figure, so the same the student is shown).
 */
export async function userImpact(db: Db, rules: PricingRules, userId: number): Promise<UserImpact> {
  const user = await createUserRepository(db).findById(userId);
  if (!user) throw notFound();
  const enrollments = (await createEnrollmentRepository(db).listForStudent(userId)).filter((e) =>
    ONGOING.has(e.status),
  );
  const today = todayIst();
  const instalments = createInstalmentRepository(db);
  const unpaid: UserImpact['unpaid_instalments'] = [];
  for (const enrollment of enrollments) {
    const title = (enrollment.course_type === 'program' ? enrollment.program_title : enrollment.workshop_title) ?? '';
    const schedule = (await instalments.scheduleOf(enrollment.id)).map((row) => toInstalment(row, today, rules));
    const of = schedule.filter((i) => i.status !== 'cancelled').length;
    for (const due of schedule.filter((i) => i.status === 'due' || i.status === 'overdue')) {
      unpaid.push({
        id: due.id,
        enrollment_id: enrollment.id,
        title,
        number: due.number,
        of,
        total_paise: due.total_paise,
        due_on: due.due_on,
        overdue: due.status === 'overdue',
      });
    }
  }
  return {
    user_id: user.id,
    username: user.username,
    active_enrollments: enrollments.map((e) => ({
      id: e.id,
      course_type: e.course_type,
      title: (e.course_type === 'program' ? e.program_title : e.workshop_title) ?? '',
      status: e.status,
      batch: e.batch_name ?? null,
    })),
    unpaid_instalments: unpaid,
    unpaid_total_paise: unpaid.reduce((sum, i) => sum + i.total_paise, 0),
  };
}
