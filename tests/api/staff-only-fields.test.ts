import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  API,
  Enrollment,
  Payment,
  PaymentCompletion,
  PaymentStart,
  STAFF_ONLY_FIELDS,
  StudentEnrollment,
  StudentPayment,
} from '../../contract/index.ts';
import { completeThroughGateway, createProgram, createWorkshop } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * The office's own fields (admin_notes, is_urgent, issue_description) are in administrators' answers and
 * never in a student's own (issue 32): each answer is read with the role's contract schema made strict,
 * so any field beyond the schema fails, and searched for the staff-only names at any depth.
 */

let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let paymentId: number;
let completion: unknown;
let workshopStart: unknown;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('office', 'admin');
  student = await ctx.user('meena');
  const program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
  const workshop = await createWorkshop(ctx, admin.access, { title: 'Reading a Credit Memo' });
  const start = await ctx.request({
    method: 'POST',
    url: API.programs.payment(program),
    token: student.access,
    body: {},
  });
  expect(start.status, start.raw).toBe(201);
  paymentId = (start.body as { id: number }).id;
  const done = await completeThroughGateway(ctx, student.access, paymentId);
  expect(done.status, done.raw).toBe(200);
  completion = done.body;
  // The office writes its notes on the payment and the enrollment.
  const notes = { admin_notes: 'Called the bank; UTR 4411', is_urgent: true, issue_description: 'Paid twice?' };
  const resolved = await ctx.request({
    method: 'POST',
    url: API.admin.resolvePayment(paymentId),
    token: admin.access,
    body: { status: 'completed', ...notes },
  });
  expect(resolved.status, resolved.raw).toBe(200);
  const enrollmentId = (completion as { enrollment: { id: number } }).enrollment.id;
  const enrolled = await ctx.request({
    method: 'POST',
    url: API.admin.resolveEnrollment(enrollmentId),
    token: admin.access,
    body: { status: 'active', ...notes },
  });
  expect(enrolled.status, enrolled.raw).toBe(200);
  const again = await ctx.request({
    method: 'POST',
    url: API.workshops.payment(workshop),
    token: student.access,
    body: {},
  });
  expect(again.status, again.raw).toBe(201);
  workshopStart = again.body;
});
afterAll(async () => ctx?.close());

/** Every key at any depth of a JSON answer. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

/** Parses with the schema made strict (and its nested payment and enrollment too, for a completion). */
function expectExactly(schema: z.ZodObject, answer: unknown) {
  const result = schema.strict().safeParse(answer);
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
}

describe('a student’s own answers', () => {
  it('carry no staff-only field: payments, enrollments, a payment start and a completion', async () => {
    const payments = await ctx.request({ url: API.payments.list, token: student.access });
    const enrollments = await ctx.request({ url: API.enrollments.list, token: student.access });
    expect((payments.body as unknown[]).length).toBe(2);
    expect((enrollments.body as unknown[]).length).toBe(1);
    for (const payment of payments.body as unknown[]) expectExactly(StudentPayment, payment);
    for (const enrollment of enrollments.body as unknown[]) expectExactly(StudentEnrollment, enrollment);
    expectExactly(PaymentStart, workshopStart);
    const { payment, enrollment } = completion as { payment: unknown; enrollment: unknown };
    expectExactly(StudentPayment, payment);
    expectExactly(StudentEnrollment, enrollment);
    expect(PaymentCompletion.safeParse(completion).success).toBe(true);
    for (const answer of [payments.body, enrollments.body, workshopStart, completion]) {
      expect([...keysOf(answer)].filter((key) => (STAFF_ONLY_FIELDS as readonly string[]).includes(key))).toEqual([]);
    }
    expect(payments.raw).not.toContain('UTR 4411');
    expect(enrollments.raw).not.toContain('Paid twice?');
  });
});

describe('an administrator’s answers', () => {
  it('carry the office’s fields', async () => {
    const payments = await ctx.request({ url: API.admin.payments, token: admin.access });
    const enrollments = await ctx.request({ url: API.admin.enrollments, token: admin.access });
    const payment = (payments.body as { results: Payment[] }).results.find((row) => row.id === paymentId)!;
    expectExactly(Payment, payment);
    expect([payment.admin_notes, payment.is_urgent]).toEqual(['Called the bank; UTR 4411', true]);
    const enrollment = (enrollments.body as { results: Enrollment[] }).results.find((row) => row.is_urgent)!;
    expectExactly(Enrollment, enrollment);
    expect(enrollment.issue_description).toBe('Paid twice?');
  });
});
