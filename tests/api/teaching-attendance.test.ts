import { describe, expect, it } from 'vitest';
import {
  AttendanceResult,
  AttendanceSheet,
  TEACHING_PATHS,
  TEACHING_MESSAGES,
  TeachBatch,
  TeachBatchSummary,
} from '../../contract/index.ts';
import { attendancePercentage } from '../../server/domains/teaching/attendance.ts';
import {
  admin,
  batch,
  classmate,
  course,
  ctx,
  enrollmentOf,
  otherStudent,
  otherTeacher,
  sessions,
  student,
  teacher,
  upcoming,
  useTeachingApp,
} from './support/teaching-app.ts';

/**
 * The instructor area and attendance (decision record 050): the access matrix of every instructor
 * endpoint (anonymous, a student of the batch, a student of another batch, the batch's instructor,
 * another instructor, an administrator) and the attendance rules: only the batch's students, only a
 * session that has started, the last answer stands and is audited, the percentage of sessions held.
 */

useTeachingApp();

const mark = (sessionId: number, present: number[], token = teacher.access) =>
  ctx.request({ method: 'PUT', url: TEACHING_PATHS.sessionAttendance(sessionId), token, body: { present } });

type Who = 'anonymous' | 'student' | 'otherStudent' | 'teacher' | 'otherTeacher' | 'admin';
const WHO: Who[] = ['anonymous', 'student', 'otherStudent', 'teacher', 'otherTeacher', 'admin'];
const tokenOf = (who: Who): string | null =>
  ({
    anonymous: null,
    student: student.access,
    otherStudent: otherStudent.access,
    teacher: teacher.access,
    otherTeacher: otherTeacher.access,
    admin: admin.access,
  })[who];

async function statuses(send: (token: string | null) => Promise<{ status: number }>) {
  const out: Partial<Record<Who, number>> = {};
  for (const who of WHO) out[who] = (await send(tokenOf(who))).status;
  return out;
}

const ONLY_TEACHER_AND_ADMIN = {
  anonymous: 401,
  student: 403,
  otherStudent: 403,
  teacher: 200,
  otherTeacher: 403,
  admin: 200,
};

describe('who may use the instructor endpoints', () => {
  it('the list: instructors see their own batches, administrators every batch, students nothing', async () => {
    expect(await statuses((token) => ctx.request({ url: TEACHING_PATHS.batches, token }))).toEqual({
      ...ONLY_TEACHER_AND_ADMIN,
      otherTeacher: 200,
    });
    const ids = async (token: string) =>
      ((await ctx.request({ url: TEACHING_PATHS.batches, token })).body as TeachBatchSummary[]).map(
        (b) => TeachBatchSummary.parse(b).id,
      );
    expect(await ids(teacher.access)).toEqual([batch.id, upcoming.id]);
    expect(await ids(otherTeacher.access)).not.toContain(batch.id);
    expect(await ids(admin.access)).toEqual(expect.arrayContaining([batch.id, upcoming.id]));
    const refused = await ctx.request({ url: TEACHING_PATHS.batches, token: student.access });
    expect(refused.body).toEqual({ detail: TEACHING_MESSAGES.instructorsOnly });
  });

  it('a batch: its instructor and administrators', async () => {
    expect(await statuses((token) => ctx.request({ url: TEACHING_PATHS.batch(batch.id), token }))).toEqual(
      ONLY_TEACHER_AND_ADMIN,
    );
    const other = await ctx.request({ url: TEACHING_PATHS.batch(batch.id), token: otherTeacher.access });
    expect(other.body).toEqual({ detail: TEACHING_MESSAGES.notYourBatch });
    expect((await ctx.request({ url: TEACHING_PATHS.batch(999_999), token: admin.access })).status).toBe(404);
  });

  it('a session’s attendance sheet, read and taken: its batch’s instructor and administrators', async () => {
    expect(
      await statuses((token) => ctx.request({ url: TEACHING_PATHS.sessionAttendance(sessions.first.id), token })),
    ).toEqual(ONLY_TEACHER_AND_ADMIN);
    expect(
      await statuses((token) =>
        ctx.request({
          method: 'PUT',
          url: TEACHING_PATHS.sessionAttendance(sessions.first.id),
          token,
          body: { present: [] },
        }),
      ),
    ).toEqual(ONLY_TEACHER_AND_ADMIN);
  });
});

describe('the batch page', () => {
  it('lists the students with progress, attendance and assignments done, and the timetable with its state', async () => {
    await mark(sessions.first.id, [student.id]);
    const answer = TeachBatch.parse(
      (await ctx.request({ url: TEACHING_PATHS.batch(batch.id), token: teacher.access })).body,
    );
    expect(answer).toMatchObject({ id: batch.id, state: 'running', sessions: 3, sessions_held: 2 });
    expect(answer.students.map((s) => s.id).sort()).toEqual([student.id, classmate.id].sort());
    const own = answer.students.find((s) => s.id === student.id)!;
    // Two sessions held; the second has no sheet yet, so it is nobody's absence (decision record 066):
    // the first counts, attended by the student, missed by the classmate. The page names the second.
    expect(answer).toMatchObject({ sessions_counted: 1, held_without_sheet: [sessions.second.title] });
    expect(own).toMatchObject({ attendance_percentage: 100, assignments_done: 0, progress_percentage: 0 });
    expect(answer.students.find((s) => s.id === classmate.id)!.attendance_percentage).toBe(0);
    // The student's course page counts the same way.
    expect((await course(enrollmentOf.student, student.access)).attendance_percentage).toBe(100);
    expect(answer.timetable.map((s) => [s.id, s.started, s.marked, s.present])).toEqual([
      [sessions.first.id, true, true, 1],
      [sessions.second.id, true, false, 0],
      [sessions.future.id, false, false, 0],
    ]);
  });

  it('counts a student’s submissions to the batch’s assignments', async () => {
    const now = new Date().toISOString();
    const assignment = await ctx.db
      .insertInto('assignments')
      .values({
        batch_id: batch.id,
        title: 'Case study',
        instructions: '',
        due_at: now,
        max_marks: 10,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('assignment_submissions')
      .values({
        assignment_id: assignment.id,
        student_id: classmate.id,
        text: 'My answer',
        submitted_at: now,
        is_late: 0,
        feedback: '',
      })
      .execute();
    const answer = TeachBatch.parse(
      (await ctx.request({ url: TEACHING_PATHS.batch(batch.id), token: admin.access })).body,
    );
    expect(answer.students.find((s) => s.id === classmate.id)!.assignments_done).toBe(1);
    expect(answer.students.find((s) => s.id === student.id)!.assignments_done).toBe(0);
  });

  it('an upcoming batch: nothing held, so no attendance percentage yet', async () => {
    const answer = TeachBatch.parse(
      (await ctx.request({ url: TEACHING_PATHS.batch(upcoming.id), token: teacher.access })).body,
    );
    expect(answer).toMatchObject({ state: 'upcoming', sessions: 1, sessions_held: 0, students: [] });
  });
});

describe('taking attendance', () => {
  it('everyone not present is absent; the sheet shows the marks', async () => {
    const res = await mark(sessions.second.id, [classmate.id]);
    expect(res.status).toBe(200);
    expect(AttendanceResult.parse(res.body)).toEqual({ present: [classmate.id], absent: [student.id] });
    const sheet = AttendanceSheet.parse(
      (await ctx.request({ url: TEACHING_PATHS.sessionAttendance(sessions.second.id), token: teacher.access })).body,
    );
    expect(sheet.session).toMatchObject({ id: sessions.second.id, started: true, batch: { id: batch.id } });
    expect(Object.fromEntries(sheet.students.map((s) => [s.id, s.present]))).toEqual({
      [student.id]: false,
      [classmate.id]: true,
    });
    expect(sheet.marked_at).not.toBeNull();
  });

  it('a session not taken yet shows every student unmarked', async () => {
    const sheet = AttendanceSheet.parse(
      (await ctx.request({ url: TEACHING_PATHS.sessionAttendance(sessions.future.id), token: admin.access })).body,
    );
    expect(sheet.session.started).toBe(false);
    expect(sheet.students.map((s) => s.present)).toEqual([null, null]);
    expect(sheet.marked_at).toBeNull();
  });

  it('refuses an id that is not a student of the batch, naming it, and changes nothing', async () => {
    const res = await mark(sessions.second.id, [student.id, otherStudent.id]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: TEACHING_MESSAGES.notAStudent(otherStudent.id) });
    expect((res.body as { error: string }).error).toContain(String(otherStudent.id));
    const sheet = AttendanceSheet.parse(
      (await ctx.request({ url: TEACHING_PATHS.sessionAttendance(sessions.second.id), token: teacher.access })).body,
    );
    expect(sheet.students.find((s) => s.id === student.id)!.present).toBe(false);
  });

  it('refuses a session that has not started', async () => {
    const res = await mark(sessions.future.id, [student.id]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: TEACHING_MESSAGES.notStarted });
  });

  it('refuses a body without a list of ids', async () => {
    const res = await ctx.request({
      method: 'PUT',
      url: TEACHING_PATHS.sessionAttendance(sessions.second.id),
      token: teacher.access,
      body: { present: 'everyone' },
    });
    expect(res.status).toBe(400);
  });

  it('can be corrected: the last answer stands and the change is audited', async () => {
    const before = await course(enrollmentOf.student, student.access);
    expect(before.attendance_percentage).toBe(50);
    const res = await mark(sessions.second.id, [student.id, classmate.id], admin.access);
    expect(res.body).toEqual({ present: [student.id, classmate.id].sort((a, b) => a - b), absent: [] });
    const after = await course(enrollmentOf.student, student.access);
    expect(after.attendance_percentage).toBe(100);
    expect(after.attendance).toEqual(
      expect.arrayContaining([
        { session: sessions.first.id, present: true },
        { session: sessions.second.id, present: true },
      ]),
    );
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'session')
      .where('entity_id', '=', sessions.second.id)
      .where('action', '=', 'attendance')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]!.actor_id).toBe(admin.id);
    const changes = JSON.parse(String(audit[1]!.changes)) as { students: Record<string, unknown> };
    expect(changes.students).toEqual({ [String(student.id)]: { from: false, to: true } });
  });
});

describe('the attendance percentage', () => {
  it('is null before any session is held and counts only sessions held', async () => {
    const beforeFirst = Date.parse(sessions.first.starts_at) - 1000;
    expect(await attendancePercentage(ctx.db, student.id, batch.id, beforeFirst)).toBeNull();
    // Only the first held: attended.
    const betweenTwo = Date.parse(sessions.second.starts_at) - 1000;
    expect(await attendancePercentage(ctx.db, student.id, batch.id, betweenTwo)).toBe(100);
    expect(await attendancePercentage(ctx.db, classmate.id, batch.id, betweenTwo)).toBe(0);
    // Later: the third session, held but without a sheet, is not counted (decision record 066): 2 of 2.
    const later = Date.parse(sessions.future.starts_at) + 1000;
    expect(await attendancePercentage(ctx.db, student.id, batch.id, new Date(later))).toBe(100);
    // Its sheet taken without the student: now it counts, as an absence (2 of 3).
    await ctx.db
      .insertInto('session_attendance')
      .values({
        session_id: sessions.future.id,
        student_id: classmate.id,
        present: 1,
        marked_by: null,
        marked_at: new Date(later).toISOString(),
      })
      .execute();
    expect(await attendancePercentage(ctx.db, student.id, batch.id, new Date(later))).toBe(67);
  });
});
