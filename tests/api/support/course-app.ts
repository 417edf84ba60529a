import { afterAll, beforeAll, expect } from 'vitest';
import { DELIVERY_PATHS, Lesson, type Batch, type Payment } from '../../../contract/index.ts';
import { completeThroughGateway, createProgram } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;
export let instructor: TestUser;
export const students: Record<'outsider' | 'enrolled' | 'otherBatch' | 'otherProgram' | 'revoked', TestUser> =
  {} as never;
export const enrollmentOf: Record<string, number> = {};
export let program: number;
export let batch: Batch;
export let lessons: { preview: Lesson; video: Lesson; document: Lesson; link: Lesson };

export const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
export const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
export const post = (url: string, token: string | null, body: unknown = {}) =>
  ctx.request({ method: 'POST', url, token, body });

export async function adminPost<T>(url: string, body: unknown): Promise<T> {
  const res = await post(url, admin.access, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return res.body as T;
}

export async function enroll(user: TestUser, programId: number, batchId: number): Promise<number> {
  const payment = (await post(`/classroom/programs/${programId}/payment/`, user.access, { batch: batchId }))
    .body as Payment;
  const res = await completeThroughGateway(ctx, user.access, payment.id);
  if (res.status !== 200) throw new Error(`enroll: ${res.raw}`);
  return (res.body as { enrollment: { id: number } }).enrollment.id;
}

export const newBatch = (course: number, name: string, extra: object = {}) =>
  adminPost<Batch>(DELIVERY_PATHS.adminBatches, {
    course,
    name,
    starts_on: day(-20),
    ends_on: day(120),
    seats: 20,
    mode: 'hybrid',
    location: 'Andheri East, Mumbai',
    ...extra,
  });

/** The course files' app: a program with a batch, lessons and students in every relation to it, made before a file's tests, closed after. */
export function useCourseApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('admin', 'admin');
    instructor = await ctx.user('teacher', 'instructor');
    for (const name of Object.keys({ outsider: 1, enrolled: 1, otherBatch: 1, otherProgram: 1, revoked: 1 })) {
      students[name as keyof typeof students] = await ctx.user(name.toLowerCase());
    }
    program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
    const otherProgram = await createProgram(ctx, admin.access, { title: 'Research Analyst' });
    batch = await newBatch(program, 'Weekday evening', { instructor: instructor.id });
    const second = await newBatch(program, 'Weekend');
    const foreign = await newBatch(otherProgram, 'Other program');
    const m1 = await adminPost<{ id: number }>(DELIVERY_PATHS.adminProgramModules(program), {
      title: 'Credit appraisal',
    });
    const m2 = await adminPost<{ id: number }>(DELIVERY_PATHS.adminProgramModules(program), { title: 'CMA data' });
    const lesson = (module: number, body: object) => adminPost<Lesson>(DELIVERY_PATHS.adminModuleLessons(module), body);
    lessons = {
      preview: await lesson(m1.id, {
        title: 'Why banks lend',
        kind: 'text',
        body: '# Intro\nLending **basics**.',
        is_preview: true,
      }),
      video: await lesson(m1.id, {
        title: 'The 5 Cs',
        kind: 'video',
        url: 'https://video.example.com/5cs',
        duration_minutes: 25,
      }),
      document: await lesson(m1.id, { title: 'Appraisal note', kind: 'document' }),
      link: await lesson(m2.id, { title: 'RBI circular', kind: 'link', url: 'https://rbi.org.in/' }),
    };
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%demo\n')], { type: 'application/pdf' }), 'note.pdf');
    const upload = await ctx.app.inject({
      method: 'PUT',
      url: DELIVERY_PATHS.adminLessonFile(lessons.document.id),
      headers: { authorization: `Bearer ${admin.access}` },
      payload: form,
    });
    expect(upload.statusCode).toBe(200);
    enrollmentOf.enrolled = await enroll(students.enrolled, program, batch.id);
    enrollmentOf.otherBatch = await enroll(students.otherBatch, program, second.id);
    enrollmentOf.otherProgram = await enroll(students.otherProgram, otherProgram, foreign.id);
    enrollmentOf.revoked = await enroll(students.revoked, program, batch.id);
    const revoke = await post(`/api/admin/enrollments/${enrollmentOf.revoked}/resolve/`, admin.access, {
      status: 'cancelled',
    });
    expect(revoke.status).toBe(200);
  });
  afterAll(async () => ctx?.close());
}
