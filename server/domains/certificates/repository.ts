import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type { CertificateRow, CertificatesTable } from '../../platform/db/schema.ts';

/** Certificates and what their rules read (decision record 052): lessons, attendance, assignments, sessions. */
export function createCertificateRepository(db: Db) {
  return {
    byEnrollment: (enrollmentId: number): Promise<CertificateRow | undefined> =>
      db.selectFrom('certificates').selectAll().where('enrollment_id', '=', enrollmentId).executeTakeFirst(),
    byCode: (code: string): Promise<CertificateRow | undefined> =>
      db.selectFrom('certificates').selectAll().where('code', '=', code).executeTakeFirst(),
    byId: (id: number): Promise<CertificateRow | undefined> =>
      db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst(),
    validOfStudent: (studentId: number): Promise<CertificateRow[]> =>
      db
        .selectFrom('certificates')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('status', '=', 'valid')
        .orderBy('number')
        .execute(),
    /** Every certificate, with its student's current address (an erased account's says so). */
    list: (): Promise<(CertificateRow & { student_email: string | null })[]> =>
      db
        .selectFrom('certificates')
        .leftJoin('users', 'users.id', 'certificates.student_id')
        .selectAll('certificates')
        .select('users.email as student_email')
        .orderBy('certificates.number', 'desc')
        .execute(),
    async nextNumber(): Promise<number> {
      const top = await db
        .selectFrom('certificates')
        .select((eb) => eb.fn.max<number | string | null>('number').as('top'))
        .executeTakeFirst();
      return Number(top?.top ?? 0) + 1;
    },
    insert: (values: Insertable<CertificatesTable>): Promise<CertificateRow> =>
      db.insertInto('certificates').values(values).returningAll().executeTakeFirstOrThrow(),
    /** Valid → revoked; undefined when it was not valid (already revoked). */
    revoke: (id: number, at: string, reason: string, by: number): Promise<CertificateRow | undefined> =>
      db
        .updateTable('certificates')
        .set({ status: 'revoked', revoked_at: at, revoked_reason: reason, revoked_by: by })
        .where('id', '=', id)
        .where('status', '=', 'valid')
        .returningAll()
        .executeTakeFirst(),

    enrollment: (id: number) => db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirst(),
    batch: (id: number) => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst(),
    programTitle: async (id: number) =>
      (await db.selectFrom('programs').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title,
    person: (id: number) =>
      db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'username', 'email'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The batch's sessions started by `at`, each with whether the student was marked present. */
    heldSessions: (studentId: number, batchId: number, at: string) =>
      db
        .selectFrom('batch_sessions')
        .leftJoin('session_attendance', (join) =>
          join
            .onRef('session_attendance.session_id', '=', 'batch_sessions.id')
            .on('session_attendance.student_id', '=', studentId),
        )
        .select(['batch_sessions.id', 'batch_sessions.duration_minutes', 'session_attendance.present'])
        .where('batch_sessions.batch_id', '=', batchId)
        .where('batch_sessions.starts_at', '<=', at)
        .execute(),
    /** The program's lessons, each with whether the student completed it (done not null). */
    lessons: (studentId: number, programId: number) =>
      db
        .selectFrom('lessons')
        .leftJoin('lesson_completions', (join) =>
          join
            .onRef('lesson_completions.lesson_id', '=', 'lessons.id')
            .on('lesson_completions.student_id', '=', studentId),
        )
        .select(['lessons.id', 'lesson_completions.lesson_id as done'])
        .where('lessons.program_id', '=', programId)
        .execute(),
    /** The batch's assignments, each with the student's marks (null: not graded or not submitted). */
    assignments: (studentId: number, batchId: number) =>
      db
        .selectFrom('assignments')
        .leftJoin('assignment_submissions', (join) =>
          join
            .onRef('assignment_submissions.assignment_id', '=', 'assignments.id')
            .on('assignment_submissions.student_id', '=', studentId),
        )
        .select(['assignments.id', 'assignments.title', 'assignments.max_marks', 'assignment_submissions.marks'])
        .where('assignments.batch_id', '=', batchId)
        .orderBy('assignments.due_at')
        .orderBy('assignments.id')
        .execute(),
    /**
     * Enrollments giving access in a batch that ended before `today` (IST), with no certificate yet and no lesson
     * of the program left undone: the housekeeping pass's candidates. Every lesson complete is the first rule of
     * `certificateEligibility` (the same lessons as `lessons` above), so a student it leaves out could not be
     * eligible; those it answers are still checked on every rule. Without it the pass checked every alumnus who
     * never finished the course, at every start and every hour, and their number only grows.
     */
    endedWithoutCertificate: (today: string) =>
      db
        .selectFrom('enrollments')
        .innerJoin('batches', 'batches.id', 'enrollments.batch_id')
        .leftJoin('certificates', 'certificates.enrollment_id', 'enrollments.id')
        .select(['enrollments.id', 'enrollments.student_id', 'enrollments.course_id', 'enrollments.batch_id'])
        .where('enrollments.course_type', '=', 'program')
        .where('enrollments.is_active', '=', 1)
        .where('enrollments.status', 'in', ['active', 'completed'])
        .where('batches.ends_on', '<', today)
        .where('certificates.id', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('lessons')
                .select('lessons.id')
                .whereRef('lessons.program_id', '=', 'enrollments.course_id')
                .where(({ not, exists, selectFrom }) =>
                  not(
                    exists(
                      selectFrom('lesson_completions')
                        .select('lesson_completions.lesson_id')
                        .whereRef('lesson_completions.lesson_id', '=', 'lessons.id')
                        .whereRef('lesson_completions.student_id', '=', 'enrollments.student_id'),
                    ),
                  ),
                ),
            ),
          ),
        )
        .orderBy('enrollments.id')
        .execute(),
  };
}
