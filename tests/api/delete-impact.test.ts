import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  DELETE_IMPACT_PATHS,
  DELETE_IMPACT_TEXTS as T,
  DELIVERY_PATHS,
  type DeleteImpact,
} from '../../contract/index.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * Issue 39 / decision record 085: the office's Delete of a session, a module, a lesson or a faculty member
 * first reads what goes with it. Each answer is checked against what the delete then really does, on the
 * demo's data (a sheet taken, lessons the demo student completed, faculty teaching programs).
 */
let ctx: TestContext;
let admin: string;
let student: string;

const login = async (username: string, password: string) => {
  const res = await ctx.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
  expect(res.status).toBe(200);
  return (res.body as { access: string }).access;
};
const impact = async (url: string): Promise<DeleteImpact> => {
  const res = await ctx.request({ url, token: admin });
  expect(res.status, url).toBe(200);
  return res.body as DeleteImpact;
};
const remove = async (url: string) => {
  const res = await ctx.request({ method: 'DELETE', url, token: admin });
  expect(res.status, url).toBe(204);
};

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  admin = await login('admin', 'admin123');
  student = await login('student', 'student123');
});
afterAll(async () => ctx?.close());

describe('what a delete takes with it, read first', () => {
  it('a session: the attendance taken at it, which then goes', async () => {
    const marked = await ctx.db
      .selectFrom('session_attendance')
      .innerJoin('batch_sessions', 'batch_sessions.id', 'session_attendance.session_id')
      .innerJoin('batches', 'batches.id', 'batch_sessions.batch_id')
      .select(['session_id', 'present', 'batch_sessions.title', 'batches.name'])
      .execute();
    const id = marked[0]!.session_id;
    const marks = marked.filter((m) => m.session_id === id);
    const present = marks.filter((m) => Number(m.present) === 1).length;
    expect(await impact(DELETE_IMPACT_PATHS.session(id))).toEqual({
      item: T.session(marks[0]!.title, marks[0]!.name),
      touches: [T.attendanceGoes(marks.length, present)],
    });
    await remove(DELIVERY_PATHS.adminSession(id));
    const left = await ctx.db
      .selectFrom('session_attendance')
      .select('session_id')
      .where('session_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a lesson: the students’ completions and questions on it; a module: its lessons too', async () => {
    const ticks = await ctx.db
      .selectFrom('lesson_completions')
      .innerJoin('lessons', 'lessons.id', 'lesson_completions.lesson_id')
      .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
      .innerJoin('programs', 'programs.id', 'course_modules.program_id')
      .select([
        'lesson_id',
        'student_id',
        'lessons.title',
        'lessons.file',
        'lessons.module_id',
        'course_modules.title as module_title',
        'programs.title as program_title',
      ])
      .execute();
    expect(ticks.length, 'the demo student completed lessons').toBeGreaterThan(0);
    const lesson = ticks[0]!;
    const onLesson = ticks.filter((t) => t.lesson_id === lesson.lesson_id);
    expect(await impact(DELETE_IMPACT_PATHS.lesson(lesson.lesson_id))).toEqual({
      item: T.lesson(lesson.title, lesson.module_title),
      touches: [
        T.completionsGo(onLesson.length, new Set(onLesson.map((t) => t.student_id)).size),
        ...(lesson.file ? [T.fileGoes] : []),
      ],
    });

    const lessons = await ctx.db.selectFrom('lessons').select('id').where('module_id', '=', lesson.module_id).execute();
    const inModule = ticks.filter((t) => t.module_id === lesson.module_id);
    const moduleImpact = await impact(DELETE_IMPACT_PATHS.module(lesson.module_id));
    expect(moduleImpact.item).toBe(T.module(lesson.module_title, lesson.program_title));
    expect(moduleImpact.touches.slice(0, 2)).toEqual([
      T.lessonsGo(lessons.length),
      T.completionsGo(inModule.length, new Set(inModule.map((t) => t.student_id)).size),
    ]);
    await remove(DELIVERY_PATHS.adminModule(lesson.module_id));
    const left = await ctx.db
      .selectFrom('lesson_completions')
      .select('lesson_id')
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .execute();
    expect(left).toEqual([]);
  });

  it('a faculty member: the courses left without an instructor, as the delete leaves them', async () => {
    const teaching = await ctx.db
      .selectFrom('programs')
      .innerJoin('faculty', 'faculty.id', 'programs.instructor_id')
      .select(['faculty.id', 'faculty.first_name', 'faculty.last_name'])
      .executeTakeFirstOrThrow();
    const programs = await ctx.db
      .selectFrom('programs')
      .select('title')
      .where('instructor_id', '=', teaching.id)
      .execute();
    const workshops = await ctx.db
      .selectFrom('workshops')
      .select('title')
      .where('instructor_id', '=', teaching.id)
      .execute();
    const answer = await impact(DELETE_IMPACT_PATHS.faculty(teaching.id));
    expect(answer.item).toBe(T.faculty(`${teaching.first_name} ${teaching.last_name}`));
    expect(answer.touches[0]).toBe(T.coursesLoseInstructor([...programs, ...workshops].map((c) => c.title)));
    await remove(API.faculty.remove(teaching.id));
    const still = await ctx.db.selectFrom('programs').select('id').where('instructor_id', '=', teaching.id).execute();
    expect(still).toEqual([]);
  });

  it('nothing else: an empty list; only administrators may read it; an unknown id is 404', async () => {
    const batch = await ctx.db.selectFrom('batches').select('id').executeTakeFirstOrThrow();
    const made = await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatchSessions(batch.id),
      token: admin,
      body: { title: 'Extra class', starts_at: '2031-01-06T10:00:00+05:30', duration_minutes: 60 },
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    expect((await impact(DELETE_IMPACT_PATHS.session(id))).touches).toEqual([]);
    expect((await ctx.request({ url: DELETE_IMPACT_PATHS.session(id), token: student })).status).toBe(403);
    expect((await ctx.request({ url: DELETE_IMPACT_PATHS.lesson(999999), token: admin })).status).toBe(404);
  });
});
