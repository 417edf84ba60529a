import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AttendanceResult,
  AttendanceSheet,
  Course,
  DELIVERY_API,
  TEACHING_API,
  TEACHING_MESSAGES,
  TeachBatch,
  TeachBatchSummary,
  type Batch,
  type Payment,
  type Session,
} from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { attendancePercentage } from '../../server/services/attendance.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * The instructor area and attendance (decision record 050): the access matrix of every instructor
 * endpoint (anonymous, a student of the batch, a student of another batch, the batch's instructor,
 * another instructor, an administrator) and the attendance rules: only the batch's students, only a
 * session that has started, the last answer stands and is audited, the percentage of sessions held.
 */

let ctx: TestContext;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let classmate: TestUser;
let otherStudent: TestUser;
let batch: Batch;
let upcoming: Batch;
const sessions = {} as Record<'first' | 'second' | 'future' | 'upcoming', Session>;
const enrollmentOf = {} as Record<'student' | 'upcomingStudent', number>;

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;

async function adminPost<T>(url: string, body: unknown): Promise<T> {
  const res = await ctx.request({ method: 'POST', url, token: admin.access, body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return res.body as T;
}

async function enroll(user: TestUser, programId: number, batchId: number): Promise<number> {
  const payment = (
    await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: user.access,
      body: { batch: batchId },
    })
  ).body as Payment;
  const res = await completeThroughGateway(ctx, user.access, payment.id);
  if (res.status !== 200) throw new Error(`enroll: ${res.raw}`);
  return (res.body as { enrollment: { id: number } }).enrollment.id;
}

const newBatch = (course: number, name: string, starts: number, extra: object = {}) =>
  adminPost<Batch>(DELIVERY_API.adminBatches, {
    course,
    name,
    starts_on: day(starts),
    ends_on: day(starts + 120),
    seats: 20,
    mode: 'online',
    ...extra,
  });

const session = (batchId: number, title: string, startsInDays: number) =>
  adminPost<Session>(DELIVERY_API.adminBatchSessions(batchId), {
    title,
    starts_at: ist(Date.now() + startsInDays * DAY),
    duration_minutes: 90,
  });

const mark = (sessionId: number, present: number[], token = teacher.access) =>
  ctx.request({ method: 'PUT', url: TEACHING_API.sessionAttendance(sessionId), token, body: { present } });

const course = async (enrollmentId: number, token: string) =>
  Course.parse((await ctx.request({ url: DELIVERY_API.course(enrollmentId), token })).body);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  teacher = await ctx.user('teacher', 'instructor');
  otherTeacher = await ctx.user('otherteacher', 'instructor');
  student = await ctx.user('student');
  classmate = await ctx.user('classmate');
  otherStudent = await ctx.user('otherstudent');
  const program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
  batch = await newBatch(program, 'Weekday evening', -20, { instructor: teacher.id });
  const second = await newBatch(program, 'Weekend', -20, { instructor: otherTeacher.id });
  upcoming = await newBatch(program, 'Next month', 30, { instructor: teacher.id });
  sessions.first = await session(batch.id, 'Ratio analysis', -10);
  sessions.second = await session(batch.id, 'CMA data', -3);
  sessions.future = await session(batch.id, 'Term loans', 5);
  sessions.upcoming = await session(upcoming.id, 'Orientation', 31);
  enrollmentOf.student = await enroll(student, program, batch.id);
  await enroll(classmate, program, batch.id);
  await enroll(otherStudent, program, second.id);
});
afterAll(async () => ctx?.close());

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
    expect(await statuses((token) => ctx.request({ url: TEACHING_API.batches, token }))).toEqual({
      ...ONLY_TEACHER_AND_ADMIN,
      otherTeacher: 200,
    });
    const ids = async (token: string) =>
      ((await ctx.request({ url: TEACHING_API.batches, token })).body as TeachBatchSummary[]).map(
        (b) => TeachBatchSummary.parse(b).id,
      );
    expect(await ids(teacher.access)).toEqual([batch.id, upcoming.id]);
    expect(await ids(otherTeacher.access)).not.toContain(batch.id);
    expect(await ids(admin.access)).toEqual(expect.arrayContaining([batch.id, upcoming.id]));
    const refused = await ctx.request({ url: TEACHING_API.batches, token: student.access });
    expect(refused.body).toEqual({ detail: TEACHING_MESSAGES.instructorsOnly });
  });

  it('a batch: its instructor and administrators', async () => {
    expect(await statuses((token) => ctx.request({ url: TEACHING_API.batch(batch.id), token }))).toEqual(
      ONLY_TEACHER_AND_ADMIN,
    );
    const other = await ctx.request({ url: TEACHING_API.batch(batch.id), token: otherTeacher.access });
    expect(other.body).toEqual({ detail: TEACHING_MESSAGES.notYourBatch });
    expect((await ctx.request({ url: TEACHING_API.batch(999_999), token: admin.access })).status).toBe(404);
  });

  it('a session’s attendance sheet, read and taken: its batch’s instructor and administrators', async () => {
    expect(
      await statuses((token) => ctx.request({ url: TEACHING_API.sessionAttendance(sessions.first.id), token })),
    ).toEqual(ONLY_TEACHER_AND_ADMIN);
    expect(
      await statuses((token) =>
        ctx.request({
          method: 'PUT',
          url: TEACHING_API.sessionAttendance(sessions.first.id),
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
      (await ctx.request({ url: TEACHING_API.batch(batch.id), token: teacher.access })).body,
    );
    expect(answer).toMatchObject({ id: batch.id, state: 'running', sessions: 3, sessions_held: 2 });
    expect(answer.students.map((s) => s.id).sort()).toEqual([student.id, classmate.id].sort());
    const own = answer.students.find((s) => s.id === student.id)!;
    // One of the two sessions held attended; the second was not taken yet, so it counts as missed.
    expect(own).toMatchObject({ attendance_percentage: 50, assignments_done: 0, progress_percentage: 0 });
    expect(answer.students.find((s) => s.id === classmate.id)!.attendance_percentage).toBe(0);
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
      (await ctx.request({ url: TEACHING_API.batch(batch.id), token: admin.access })).body,
    );
    expect(answer.students.find((s) => s.id === classmate.id)!.assignments_done).toBe(1);
    expect(answer.students.find((s) => s.id === student.id)!.assignments_done).toBe(0);
  });

  it('an upcoming batch: nothing held, so no attendance percentage yet', async () => {
    const answer = TeachBatch.parse(
      (await ctx.request({ url: TEACHING_API.batch(upcoming.id), token: teacher.access })).body,
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
      (await ctx.request({ url: TEACHING_API.sessionAttendance(sessions.second.id), token: teacher.access })).body,
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
      (await ctx.request({ url: TEACHING_API.sessionAttendance(sessions.future.id), token: admin.access })).body,
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
      (await ctx.request({ url: TEACHING_API.sessionAttendance(sessions.second.id), token: teacher.access })).body,
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
      url: TEACHING_API.sessionAttendance(sessions.second.id),
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
    // Later: the future session, held but never taken, counts as missed (2 of 3).
    const later = Date.parse(sessions.future.starts_at) + 1000;
    expect(await attendancePercentage(ctx.db, student.id, batch.id, new Date(later))).toBe(67);
  });
});

describe('a batch’s instructor', () => {
  it('is a user with role instructor (or an administrator): a student or a faculty user is refused', async () => {
    const faculty = await ctx.user('facultyuser', 'faculty');
    for (const refused of [student.id, faculty.id]) {
      const res = await ctx.request({
        method: 'PATCH',
        url: DELIVERY_API.adminBatch(batch.id),
        token: admin.access,
        body: { instructor: refused },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ instructor: [TEACHING_MESSAGES.batchInstructorRole] });
    }
    const res = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_API.adminBatch(upcoming.id),
      token: admin.access,
      body: { instructor: otherTeacher.id },
    });
    expect(res.status).toBe(200);
    // The batch moved to the other instructor: theirs now, no longer the first's.
    expect((await ctx.request({ url: TEACHING_API.batch(upcoming.id), token: otherTeacher.access })).status).toBe(200);
    expect((await ctx.request({ url: TEACHING_API.batch(upcoming.id), token: teacher.access })).status).toBe(403);
  });
});

describe('demo mode', () => {
  it('the demo instructor logs in and teaches every demo batch', async () => {
    const demo = await createTestApp({ seed: true });
    try {
      const token = async (username: string, password: string) => {
        const res = await demo.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
        expect(res.status).toBe(200);
        return (res.body as { access: string }).access;
      };
      const ids = async (access: string) =>
        ((await demo.request({ url: TEACHING_API.batches, token: access })).body as TeachBatchSummary[]).map(
          (b) => b.id,
        );
      const mine = await ids(await token(DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).toEqual(await ids(await token('admin', 'admin123')));
      const refused = await demo.request({ url: TEACHING_API.batches, token: await token('student', 'student123') });
      expect(refused.status).toBe(403);
    } finally {
      await demo.close();
    }
  });
});
