import type { ProgramInput, WorkshopInput } from '../../../contract/index.ts';
import type { TestContext } from './harness.ts';

/** Valid payloads, with overrides. */
export const programInput = (overrides: Partial<ProgramInput> = {}): ProgramInput => ({
  title: 'Credit Analyst Foundation',
  subtitle: 'Start here',
  description: 'Ratio analysis and CMA data.',
  level: 'beginner',
  category: 'credit_analyst',
  target_audience: 'graduates',
  price: 65000,
  original_price: 85000,
  duration_weeks: 16,
  avg_salary: '6-8L',
  is_featured: false,
  is_flagship: false,
  is_active: true,
  ...overrides,
});

export const workshopInput = (overrides: Partial<WorkshopInput> = {}): WorkshopInput => ({
  title: 'Ratio Analysis Masterclass',
  description: 'Four hours of ratios.',
  date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  duration_hours: 4,
  price: 1499,
  is_live: true,
  max_participants: 40,
  is_active: true,
  ...overrides,
});

/** Creates a program through the admin API and answers its id. */
export async function createProgram(
  ctx: TestContext,
  adminToken: string,
  overrides: Partial<ProgramInput> = {},
): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/classroom/programs/',
    token: adminToken,
    body: programInput(overrides),
  });
  if (res.status !== 201) throw new Error(`program create failed: ${res.status} ${res.raw}`);
  return (res.body as { id: number }).id;
}

export async function createWorkshop(
  ctx: TestContext,
  adminToken: string,
  overrides: Partial<WorkshopInput> = {},
): Promise<number> {
  const res = await ctx.request({
    method: 'POST',
    url: '/classroom/workshops/create/',
    token: adminToken,
    body: workshopInput(overrides),
  });
  if (res.status !== 201) throw new Error(`workshop create failed: ${res.status} ${res.raw}`);
  return (res.body as { id: number }).id;
}

/**
 * The student's Complete Payment after really paying: the payment's order is paid at the local gateway
 * (without webhooks, so completion rests on this call), then POST .../complete/ asks the gateway.
 */
export async function completeThroughGateway(ctx: TestContext, token: string, paymentId: number) {
  await ctx.pay(paymentId, { webhooks: false });
  return ctx.request({ method: 'POST', url: `/classroom/payments/${paymentId}/complete/`, token });
}

/** A failed program payment written straight to the table (history for the list and count tests). */
export const failedPaymentRow = (studentId: number, programId: number, at: string) => ({
  student_id: studentId,
  course_type: 'program' as const,
  course_id: programId,
  status: 'failed' as const,
  amount: 100,
  payment_method: 'upi' as const,
  admin_notes: '',
  is_urgent: 0,
  created_at: at,
  updated_at: at,
});
