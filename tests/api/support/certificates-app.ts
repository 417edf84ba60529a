import { afterAll, beforeAll } from 'vitest';
import { CERTIFICATE_PATHS } from '../../../contract/index.ts';
import { courseWith, enrollWithRecord, insertUser, type Course, type StudentRecord } from './certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let instructor: TestUser;
export let otherInstructor: TestUser;
export let learner: TestUser;
export let classmate: TestUser;
export let stranger: TestUser;
export let course: Course;
export let otherCourse: Course;

/** Four lessons, 100 held sessions (so 75 present is exactly 75%), an assignment of 10 and one of 100. */
export const ASSIGNMENTS = [
  { title: 'Ratio analysis', max: 10 },
  { title: 'CMA data', max: 100 },
];
export const EARNED: StudentRecord = { lessonsDone: 4, present: 75, marks: [4, 40] };

export const post = (url: string, token: string | null, body: unknown = {}) =>
  ctx.request({ method: 'POST', url, token, body });
export const issue = (enrollment: number, token: string | null = admin.access) =>
  post(CERTIFICATE_PATHS.issue(enrollment), token);
let counter = 0;
export const enrollNew = async (record: StudentRecord, on: Course = course) =>
  enrollWithRecord(ctx.db, on, await insertUser(ctx.db, `student${++counter}`), record);

/** The certificate files' app: two courses, their instructors and students, made before a file's tests, closed after. */
export function useCertificatesApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp({ config: { publicUrl: 'https://cci.example.in' } });
    admin = await ctx.user('admin', 'admin');
    instructor = await ctx.user('teacher', 'instructor');
    otherInstructor = await ctx.user('otherteacher', 'instructor');
    learner = await ctx.user('learner');
    classmate = await ctx.user('classmate');
    stranger = await ctx.user('stranger');
    course = await courseWith(ctx.db, {
      title: 'Credit Analyst Program',
      lessons: 4,
      sessions: 100,
      assignments: ASSIGNMENTS,
      instructorId: instructor.id,
    });
    otherCourse = await courseWith(ctx.db, {
      title: 'Research Analyst Program',
      lessons: 1,
      sessions: 2,
      assignments: [],
      instructorId: otherInstructor.id,
    });
  });
  afterAll(async () => ctx?.close());
}
