import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { ASSIGNMENT_PATHS, Assignment, DELIVERY_PATHS, type Batch, type Payment } from '../../../contract/index.ts';
import { completeThroughGateway, createProgram } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export const MAX_BYTES = 64 * 1024;
export let ctx: TestContext;
export let admin: TestUser;
export let instructor: TestUser;
export let otherInstructor: TestUser;
export let student: TestUser;
export let classmate: TestUser;
export let otherBatchStudent: TestUser;
export let batch: Batch;
export let enrollmentId: number;

export const PDF = Buffer.from('%PDF-1.4\n%assignment\n1 0 obj\n<<>>\nendobj\n');
export const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
export const inDays = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();
export const post = (url: string, token: string | null, body: unknown = {}) =>
  ctx.request({ method: 'POST', url, token, body });

export async function enroll(user: TestUser, programId: number, batchId: number): Promise<number> {
  const payment = (await post(`/classroom/programs/${programId}/payment/`, user.access, { batch: batchId }))
    .body as Payment;
  const res = await completeThroughGateway(ctx, user.access, payment.id);
  if (res.status !== 200) throw new Error(`enroll: ${res.raw}`);
  return (res.body as { enrollment: { id: number } }).enrollment.id;
}

export async function newAssignment(extra: object = {}, batchId = batch.id): Promise<Assignment> {
  const res = await post(ASSIGNMENT_PATHS.batchAssignments(batchId), instructor.access, {
    title: 'Credit appraisal note',
    instructions: 'Write a **two-page** note.',
    due_at: inDays(7),
    max_marks: 20,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${res.raw}`);
  return Assignment.parse(res.body);
}

/** Submits as multipart: text and/or one file. */
export async function submit(
  assignmentId: number,
  token: string | null,
  parts: { text?: string; file?: { name: string; content: Buffer; type?: string } },
) {
  const form = new FormData();
  if (parts.text !== undefined) form.append('text', parts.text);
  if (parts.file)
    form.append(
      'file',
      new Blob([new Uint8Array(parts.file.content)], { type: parts.file.type ?? 'application/octet-stream' }),
      parts.file.name,
    );
  const res = await ctx.app.inject({
    method: 'POST',
    url: ASSIGNMENT_PATHS.submit(assignmentId),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: form,
  });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body };
}

export const grade = (submissionId: number, token: string | null, body: object) =>
  post(ASSIGNMENT_PATHS.grade(submissionId), token, body);

/** The assignment files' app: a program with two batches, their instructors and students, made before a file's tests, closed after. */
export function useAssignmentsApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp({ config: { submissionMaxBytes: MAX_BYTES } });
    admin = await ctx.user('admin', 'admin');
    instructor = await ctx.user('teacher', 'instructor');
    otherInstructor = await ctx.user('otherteacher', 'instructor');
    student = await ctx.user('asha');
    classmate = await ctx.user('ravi');
    otherBatchStudent = await ctx.user('meera');
    const program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
    const newBatch = async (name: string, instructorId: number) => {
      const res = await post(DELIVERY_PATHS.adminBatches, admin.access, {
        course: program,
        name,
        starts_on: day(-10),
        ends_on: day(90),
        seats: 20,
        mode: 'online',
        instructor: instructorId,
      });
      if (res.status !== 201) throw new Error(`batch: ${res.raw}`);
      return res.body as Batch;
    };
    batch = await newBatch('Weekday evening', instructor.id);
    const other = await newBatch('Weekend', otherInstructor.id);
    enrollmentId = await enroll(student, program, batch.id);
    await enroll(classmate, program, batch.id);
    await enroll(otherBatchStudent, program, other.id);
  });
  afterAll(async () => ctx?.close());
  afterEach(() => {
    vi.useRealTimers();
  });
}
