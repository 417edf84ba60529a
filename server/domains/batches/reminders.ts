import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { sessionReminderEmail } from './templates.ts';
import { createBatchRepository } from './repository.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { noticeOf } from '../notifications/index.ts';

/**
 * Session reminders (SESSION_REMINDER_HOURS, default 24 and 1 hours before): every active student of the
 * batch gets one email per session and offset. An offset is due while the time left is within it and above
 * the next smaller offset, so a class created at short notice gets only the nearest reminder. Each email is
 * written in one transaction with its marker row, whose primary key (session, student, offset) makes it
 * once: a second server process running the same pass inserts no marker and so writes no email.
 */
export async function sendSessionReminders(
  db: Db,
  config: Pick<Config, 'sessionReminderHours' | 'institute' | 'publicUrl'>,
  now: number = Date.now(),
): Promise<number> {
  const offsets = config.sessionReminderHours; // largest first
  let written = 0;
  for (const [i, hours] of offsets.entries()) {
    const above = offsets[i + 1] ?? 0;
    const from = new Date(now + above * 3_600_000).toISOString();
    const to = new Date(now + hours * 3_600_000).toISOString();
    const sessions = await createBatchRepository(db).sessionsStartingBetween(from, to);
    for (const session of sessions) {
      // A session starting exactly at `from` belongs to the smaller offset.
      if (session.starts_at === from && above > 0) continue;
      for (const student of await createBatchRepository(db).activeStudents(session.batch_id)) {
        const sent = await inTransaction(db, async (trx) => {
          const fresh = await createBatchRepository(trx).markReminder(
            session.id,
            student.id,
            hours,
            new Date(now).toISOString(),
          );
          if (!fresh) return false;
          await enqueueEmail(trx, {
            template: 'session_reminder',
            to: [student.email],
            ...sessionReminderEmail(
              { institute: config.institute, publicUrl: config.publicUrl },
              {
                name: student.first_name || 'student',
                program: session.program_title,
                batch: session.batch_name,
                title: session.title,
                startsAt: session.starts_at,
                durationMinutes: session.duration_minutes,
                location: session.location,
                hours,
              },
            ),
          });
          await noticeOf.sessionReminder(trx, config, student.id, {
            name: student.first_name || 'student',
            title: session.title,
            startsAt: session.starts_at,
            hours,
          });
          return true;
        });
        if (sent) written++;
      }
    }
  }
  return written;
}
