import { BATCH_MODE_LABELS } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { batchJoinedEmail } from './templates.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { createBatchRepository } from './repository.ts';
import { findEnrollmentForCourse } from '../enrollments/index.ts';
import { findPaymentRow } from '../payments/index.ts';
import { createCalendarTokens } from './calendar.ts';
import { findUserById, resolveJwtSecret } from '../accounts/index.ts';
import { noticeOf } from '../notifications/index.ts';

/**
 * The "enrolled into a batch" email (decision record 044): written in the transaction that completes a
 * payment for a batch, after the seat is taken, so it commits with the enrollment or not at all. It names
 * the batch's dates, mode and place and carries the enrollment's calendar feed URL.
 */
export function createBatchJoinedMail(config: Pick<Config, 'institute' | 'publicUrl' | 'jwtSecret'>) {
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };
  return async function batchJoined(trx: Db, paymentId: number): Promise<void> {
    const payment = await findPaymentRow(trx, paymentId);
    if (!payment || payment.course_type !== 'program' || !payment.batch_id) return;
    const enrollment = await findEnrollmentForCourse(trx, payment.student_id, 'program', payment.course_id);
    const batch = await createBatchRepository(trx).findById(payment.batch_id);
    const student = await findUserById(trx, payment.student_id);
    const program = await createBatchRepository(trx).program(payment.course_id);
    if (!enrollment || enrollment.batch_id !== payment.batch_id || !batch || !student) return;
    const tokens = createCalendarTokens(await resolveJwtSecret(trx, config.jwtSecret));
    const calendarUrl = tokens.url(config.publicUrl, enrollment.id, enrollment.calendar_generation);
    await enqueueEmail(trx, {
      template: 'batch_joined',
      to: [student.email],
      ...batchJoinedEmail(ctx, {
        name: student.first_name || 'student',
        program: program?.title ?? 'your program',
        batch: batch.name,
        startsOn: batch.starts_on,
        endsOn: batch.ends_on,
        mode: BATCH_MODE_LABELS[batch.mode],
        location: batch.location,
        calendarUrl,
      }),
    });
    await noticeOf.batchJoined(trx, ctx, student.id, {
      name: student.first_name || 'student',
      batch: batch.name,
      startsOn: batch.starts_on,
    });
  };
}
