import type { Db } from '../../platform/db/connect.ts';
import { createNotificationRepository } from './repository.ts';

/**
 * The demo student's notifications (decision records 073 and 074): a few of each kind, three unread, so
 * the header's bell shows a count on the first login of `npm start`. In the app only: nothing is queued
 * for email, WhatsApp or SMS (the message outbox stays empty).
 */
const HOUR = 3_600_000;

export async function seedDemoNotifications(trx: Db, studentId: number, now = Date.now()): Promise<void> {
  const enrollment = await trx
    .selectFrom('enrollments')
    .select('id')
    .where('student_id', '=', studentId)
    .where('batch_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const course = enrollment ? `/learn/${enrollment.id}` : '/dashboard';
  const ago = (hours: number) => new Date(now - hours * HOUR).toISOString();
  const rows = [
    {
      kind: 'announcements',
      event: 'announcement',
      title: 'Saturday’s class moves to 11:00 IST',
      body: 'This week’s Saturday class starts at 11:00 IST instead of 10:00. The joining link stays the same.',
      link: '/notifications',
      urgent: 1,
      hoursAgo: 2,
      read: false,
    },
    {
      kind: 'class_reminders',
      event: 'session_reminder',
      title: 'Your next live class is tomorrow evening',
      body: 'Your live class starts tomorrow at 19:00 IST. Its link is on your course page.',
      link: course,
      urgent: 0,
      hoursAgo: 5,
      read: false,
    },
    {
      kind: 'questions',
      event: 'question_replied',
      title: 'Your instructor replied to your question',
      body: '“How is DSCR different from the interest coverage ratio?” has a new reply.',
      link: course,
      urgent: 0,
      hoursAgo: 26,
      read: false,
    },
    {
      kind: 'payments',
      event: 'payment_completed',
      title: 'Payment received',
      body: 'Thank you: your payment is received. The invoice is on your dashboard.',
      link: '/dashboard',
      urgent: 0,
      hoursAgo: 24 * 6,
      read: true,
    },
    {
      kind: 'class_reminders',
      event: 'batch_joined',
      title: 'You are in your batch',
      body: 'Your batch has started. Its classes are on your dashboard.',
      link: '/dashboard',
      urgent: 0,
      hoursAgo: 24 * 20,
      read: true,
    },
  ];
  // Oldest first, so the newest has the highest id (the list is newest first by id).
  await createNotificationRepository(trx).insertMany(
    rows.reverse().map(({ hoursAgo, read, ...row }) => ({
      ...row,
      user_id: studentId,
      emailed: 1,
      created_at: ago(hoursAgo),
      read_at: read ? ago(hoursAgo - 1) : null,
    })),
  );
}
