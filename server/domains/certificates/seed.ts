import { DEMO_CERTIFICATE_HOLDER } from '../../../contract/demo-logins.ts';
import { randomBytes } from 'node:crypto';
import { IST_TIME_ZONE, istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';

/**
 * The demo's one issued certificate (decision record 052), so the feature shows with no configuration: the
 * demo student who completed a program (priya.sharma, every lesson done) is moved into an ended batch of it,
 * with its live classes held and attended, and holds certificate number 1 (issued by the end-of-batch job:
 * issued_by null). Demo data only: no email is written.
 */

const DAY = 86_400_000;

export async function seedDemoCertificate(trx: Db, users: Map<string, number>): Promise<void> {
  const studentId = users.get(DEMO_CERTIFICATE_HOLDER.username);
  if (studentId === undefined) return;
  const enrollment = await trx
    .selectFrom('enrollments')
    .innerJoin('programs', 'programs.id', 'enrollments.course_id')
    .select(['enrollments.id', 'enrollments.course_id', 'programs.title'])
    .where('enrollments.student_id', '=', studentId)
    .where('enrollments.course_type', '=', 'program')
    .where('enrollments.status', '=', 'completed')
    .where('enrollments.is_active', '=', 1)
    .executeTakeFirst();
  if (!enrollment) return;
  const now = Date.now();
  const startsAt = now - 98 * DAY;
  const endsAt = now - 16 * DAY;
  const created = new Date(startsAt - 30 * DAY).toISOString();
  const instructorId = users.get('rajesh.iyer') ?? null;
  const batch = await trx
    .insertInto('batches')
    .values({
      course_id: enrollment.course_id,
      name: `${new Date(startsAt).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: IST_TIME_ZONE })} weekend batch`,
      starts_on: istToday(new Date(startsAt)),
      ends_on: istToday(new Date(endsAt)),
      seats: 30,
      seats_taken: 1,
      mode: 'online',
      location: '',
      instructor_id: instructorId,
      is_open: 0,
      created_at: created,
      updated_at: created,
    })
    .returning(['id', 'name', 'starts_on', 'ends_on'])
    .executeTakeFirstOrThrow();
  // Twelve weekly classes of two and a half hours (Saturdays, 10:00 IST as 04:30 UTC), every one attended.
  const sessions = await trx
    .insertInto('batch_sessions')
    .values(
      Array.from({ length: 12 }, (_, i) => {
        const day = new Date(startsAt + (i * 7 + 1) * DAY);
        day.setUTCHours(4, 30, 0, 0);
        return {
          batch_id: batch.id,
          title: `Live class ${i + 1}`,
          starts_at: day.toISOString(),
          duration_minutes: 150,
          location: 'Online',
          meeting_url: '',
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .returning('id')
    .execute();
  await trx
    .insertInto('session_attendance')
    .values(
      sessions.map((s) => ({
        session_id: s.id,
        student_id: studentId,
        present: 1,
        marked_by: instructorId,
        marked_at: new Date(endsAt).toISOString(),
      })),
    )
    .execute();
  await trx.updateTable('enrollments').set({ batch_id: batch.id }).where('id', '=', enrollment.id).execute();
  const instructor = instructorId
    ? await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', instructorId)
        .executeTakeFirst()
    : undefined;
  const student = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const issuedAt = new Date(endsAt + DAY);
  await trx
    .insertInto('certificates')
    .values({
      number: 1,
      code: randomBytes(18).toString('base64url'),
      enrollment_id: enrollment.id,
      student_id: studentId,
      program_id: enrollment.course_id,
      batch_id: batch.id,
      student_name: `${student.first_name} ${student.last_name}`,
      program_title: enrollment.title,
      batch_name: batch.name,
      starts_on: batch.starts_on,
      ends_on: batch.ends_on,
      hours: 30,
      instructor_name: instructor ? `${instructor.first_name} ${instructor.last_name}` : '',
      issued_on: istToday(issuedAt),
      issued_at: issuedAt.toISOString(),
      issued_by: null,
      status: 'valid',
    })
    .execute();
}
