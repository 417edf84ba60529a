import { afterAll, beforeAll } from 'vitest';
import { Course, DELIVERY_PATHS, type Batch, type Payment, type Session } from '../../../contract/index.ts';
import { completeThroughGateway, createProgram } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let teacher: TestUser;
export let otherTeacher: TestUser;
export let student: TestUser;
export let classmate: TestUser;
export let otherStudent: TestUser;
export let batch: Batch;
export let upcoming: Batch;
export const sessions = {} as Record<'first' | 'second' | 'future' | 'upcoming', Session>;
export const enrollmentOf = {} as Record<'student' | 'upcomingStudent', number>;

export const DAY = 86_400_000;
export const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
export const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;

export async function adminPost<T>(url: string, body: unknown): Promise<T> {
  const res = await ctx.request({ method: 'POST', url, token: admin.access, body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return res.body as T;
}

export async function enroll(user: TestUser, programId: number, batchId: number): Promise<number> {
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

export const newBatch = (course: number, name: string, starts: number, extra: object = {}) =>
  adminPost<Batch>(DELIVERY_PATHS.adminBatches, {
    course,
    name,
    starts_on: day(starts),
    ends_on: day(starts + 120),
    seats: 20,
    mode: 'online',
    ...extra,
  });

export const session = (batchId: number, title: string, startsInDays: number) =>
  adminPost<Session>(DELIVERY_PATHS.adminBatchSessions(batchId), {
    title,
    starts_at: ist(Date.now() + startsInDays * DAY),
    duration_minutes: 90,
  });

export const course = async (enrollmentId: number, token: string) =>
  Course.parse((await ctx.request({ url: DELIVERY_PATHS.course(enrollmentId), token })).body);

/** The teaching files' app: batches, sessions, teachers and students, made before a file's tests, closed after. */
export function useTeachingApp(): void {
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
}
