import { istToday } from '../../../contract/index.ts';
import type { Db } from '../../../server/platform/db/connect.ts';

/**
 * Direct database fixtures for certificates (decision record 052): a program with lessons, a batch with
 * held sessions, the student's attendance, the batch's assignments with graded (or ungraded) submissions,
 * and the student's enrollment. Works on any handle (the in-process app's, or two instances' database).
 */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** An IST calendar day `offset` days from today. */
export const istDay = (offset: number) => istToday(new Date(Date.now() + offset * DAY));

export async function insertUser(db: Db, username: string, role: 'student' | 'instructor' | 'admin' = 'student') {
  const row = await db
    .insertInto('users')
    .values({
      username,
      email: `${username}@example.in`,
      first_name: username[0]!.toUpperCase() + username.slice(1),
      last_name: 'Tester',
      password_hash: 'not-a-real-hash',
      role,
      created_at: iso(Date.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertProgram(db: Db, title: string, lessons: number) {
  const now = iso(Date.now());
  const program = await db
    .insertInto('programs')
    .values({
      title,
      subtitle: '',
      description: 'A program with a certificate.',
      level: 'beginner',
      category: 'credit_analyst',
      target_audience: 'graduates',
      price: 50000,
      original_price: null,
      duration_weeks: 12,
      avg_salary: '',
      is_featured: 0,
      is_flagship: 0,
      is_active: 1,
      instructor_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const module = await db
    .insertInto('course_modules')
    .values({ program_id: program.id, title: 'Module one', position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lessonIds: number[] = [];
  for (let i = 0; i < lessons; i++) {
    const lesson = await db
      .insertInto('lessons')
      .values({
        module_id: module.id,
        program_id: program.id,
        title: `Lesson ${i + 1}`,
        kind: 'text',
        body: 'Read this.',
        url: '',
        file: null,
        file_name: null,
        duration_minutes: 10,
        is_preview: 0,
        position: i + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lessonIds.push(lesson.id);
  }
  return { programId: program.id, lessonIds };
}

export async function insertBatch(
  db: Db,
  programId: number,
  options: { name: string; instructorId: number | null; endsOn: string; sessions: number; sessionMinutes?: number },
) {
  const now = iso(Date.now());
  const batch = await db
    .insertInto('batches')
    .values({
      course_id: programId,
      name: options.name,
      starts_on: istDay(-200),
      ends_on: options.endsOn,
      seats: 500,
      mode: 'online',
      location: '',
      instructor_id: options.instructorId,
      is_open: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionIds: number[] = [];
  if (options.sessions > 0) {
    const rows = await db
      .insertInto('batch_sessions')
      .values(
        Array.from({ length: options.sessions }, (_, i) => ({
          batch_id: batch.id,
          title: `Class ${i + 1}`,
          // Every one already held (started before now).
          starts_at: iso(Date.now() - (i + 2) * 3_600_000),
          duration_minutes: options.sessionMinutes ?? 90,
          location: '',
          meeting_url: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    sessionIds.push(...rows.map((r) => r.id));
  }
  // One session still to come: never counted as held.
  await db
    .insertInto('batch_sessions')
    .values({
      batch_id: batch.id,
      title: 'Upcoming class',
      starts_at: iso(Date.now() + 5 * DAY),
      duration_minutes: 600,
      location: '',
      meeting_url: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { batchId: batch.id, sessionIds };
}

export async function insertAssignment(db: Db, batchId: number, title: string, maxMarks: number) {
  const now = iso(Date.now());
  const row = await db
    .insertInto('assignments')
    .values({
      batch_id: batchId,
      title,
      instructions: '',
      due_at: iso(Date.now() - DAY),
      max_marks: maxMarks,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type StudentRecord = {
  /** Lessons of the program marked complete, from the first. */
  lessonsDone: number;
  /** Held sessions marked present, from the first; the others are marked absent. */
  present: number;
  /** Marks per assignment of the batch in order: a number (graded), null (submitted, not graded), 'none'. */
  marks: (number | null | 'none')[];
};

/** The student's enrollment in the batch, with their lessons, attendance and submissions. */
export async function enrollWithRecord(
  db: Db,
  course: { programId: number; lessonIds: number[]; batchId: number; sessionIds: number[]; assignmentIds: number[] },
  studentId: number,
  record: StudentRecord,
) {
  const now = iso(Date.now());
  const enrollment = await db
    .insertInto('enrollments')
    .values({
      student_id: studentId,
      course_type: 'program',
      course_id: course.programId,
      status: 'active',
      is_active: 1,
      progress_percentage: 0,
      issue_description: '',
      admin_notes: '',
      is_urgent: 0,
      enrolled_at: now,
      updated_at: now,
      batch_id: course.batchId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const lessonId of course.lessonIds.slice(0, record.lessonsDone)) {
    await db
      .insertInto('lesson_completions')
      .values({ lesson_id: lessonId, student_id: studentId, completed_at: now })
      .execute();
  }
  if (course.sessionIds.length > 0) {
    await db
      .insertInto('session_attendance')
      .values(
        course.sessionIds.map((sessionId, i) => ({
          session_id: sessionId,
          student_id: studentId,
          present: i < record.present ? 1 : 0,
          marked_by: null,
          marked_at: now,
        })),
      )
      .execute();
  }
  for (const [i, marks] of record.marks.entries()) {
    if (marks === 'none') continue;
    await db
      .insertInto('assignment_submissions')
      .values({
        assignment_id: course.assignmentIds[i]!,
        student_id: studentId,
        text: 'My answer.',
        submitted_at: now,
        is_late: 0,
        feedback: '',
        marks,
        graded_at: marks === null ? null : now,
      })
      .execute();
  }
  return enrollment.id;
}

export type Course = Awaited<ReturnType<typeof courseWith>>;

/** A program of `lessons` lessons and its batch of `sessions` held sessions and the given assignments. */
export async function courseWith(
  db: Db,
  options: {
    title: string;
    lessons: number;
    sessions: number;
    assignments: { title: string; max: number }[];
    instructorId: number | null;
    endsOn?: string;
  },
) {
  const { programId, lessonIds } = await insertProgram(db, options.title, options.lessons);
  const { batchId, sessionIds } = await insertBatch(db, programId, {
    name: `${options.title} batch`,
    instructorId: options.instructorId,
    endsOn: options.endsOn ?? istDay(30),
    sessions: options.sessions,
  });
  const assignmentIds: number[] = [];
  for (const a of options.assignments) assignmentIds.push(await insertAssignment(db, batchId, a.title, a.max));
  return { programId, lessonIds, batchId, sessionIds, assignmentIds };
}
