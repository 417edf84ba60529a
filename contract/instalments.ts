import { z } from 'zod';
import { Program } from './entities.ts';
import { splitGst, type PricingRules, type TaxSplit } from './gst.ts';
import { rupeesToPaise, splitInProportion } from './money.ts';
import { discountOn, type QuoteDiscount } from './quote.ts';
import { istToday } from './time.ts';

/**
 * Instalment plans (decision record 054): an administrator's plans per program, the schedule a checkout
 * shows (IST dates, each instalment taxed as a catalogue price is) and the schedule of an enrollment paid
 * in instalments. Amounts are whole rupees (prices, as the catalogue's), every figure charged is paise.
 */

type Id = number | string;
const P = ':id';

export const INSTALMENT_PATHS = {
  adminProgramPlans: (id: Id = P) => `/api/admin/programs/${id}/plans/`,
  adminPlan: (id: Id = P) => `/api/admin/plans/${id}/`,
  adminInstalments: '/api/admin/instalments/',
  adminInstalment: (id: Id = P) => `/api/admin/instalments/${id}/`,
  adminEnrollmentRefund: (id: Id = P) => `/api/admin/enrollments/${id}/instalments/refund/`,
  enrollmentInstalments: (id: Id = P) => `/classroom/enrollments/${id}/instalments/`,
  instalmentPayment: (id: Id = P) => `/classroom/instalments/${id}/payment/`,
} as const;

export const INSTALMENT_MESSAGES = {
  planInUse:
    'This plan is in use by enrollments, so it cannot be deleted. Deactivate it instead (set is_active to false).',
  planNotOffered: 'This instalment plan is not offered for this program. Choose another plan or pay in full.',
  planCoveredByDiscount: 'Your discount already covers the first instalment. Choose Pay in full instead.',
  firstDueNow: 'The first instalment is paid at checkout: its due_after_days must be 0.',
  daysInOrder: 'Each instalment must fall due after the one before it.',
  notDue: 'This instalment is not open for payment: it is paid or cancelled.',
  enrollmentEnded:
    'This instalment cannot be paid: its enrollment was cancelled or refunded. Contact the office if you want to rejoin.',
  notYours: 'Only the student of this enrollment and administrators can see its instalments.',
  suspended: (dueOn: string) =>
    `Your access to lessons and live sessions is paused: the instalment due on ${dueOn} is unpaid. Pay it from your dashboard and access returns at once.`,
  dueInPast: 'The new due date cannot be before today.',
  moveOnlyDue: 'Only an instalment still due can be moved.',
  paid: 'Instalment paid. Thank you! Its invoice is below.',
  notInInstalments: 'This enrollment is not paid in instalments: refund its payment from Payments instead.',
} as const;

const MAX_INSTALMENTS = 12;

export const InstalmentStepInput = z.object({
  amount: z
    .number({ error: 'Each instalment amount must be a whole number of rupees.' })
    .int('Each instalment amount must be a whole number of rupees.')
    .positive('Each instalment amount must be at least ₹1.')
    .max(10_000_000, 'An instalment cannot be more than ₹1,00,00,000.'),
  due_after_days: z
    .number({ error: 'due_after_days must be a whole number of days.' })
    .int('due_after_days must be a whole number of days.')
    .min(0, 'due_after_days cannot be negative.')
    .max(730, 'An instalment can fall due at most 730 days after enrollment.'),
});
export type InstalmentStep = z.output<typeof InstalmentStepInput>;

const Steps = z
  .array(InstalmentStepInput, { error: 'instalments must be a list of {amount, due_after_days}.' })
  .min(2, 'A plan has at least 2 instalments.')
  .max(MAX_INSTALMENTS, `A plan has at most ${MAX_INSTALMENTS} instalments.`)
  .superRefine((steps, ctx) => {
    if (steps[0] && steps[0].due_after_days !== 0)
      ctx.addIssue({ code: 'custom', message: INSTALMENT_MESSAGES.firstDueNow });
    for (let i = 1; i < steps.length; i++) {
      if (steps[i]!.due_after_days <= steps[i - 1]!.due_after_days) {
        ctx.addIssue({ code: 'custom', message: INSTALMENT_MESSAGES.daysInOrder });
        return;
      }
    }
  });

const PlanName = z
  .string({ error: 'Name is required.' })
  .trim()
  .refine((name) => !/\p{Cc}/u.test(name), 'Name must be one line.')
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

/** POST /api/admin/programs/{id}/plans/ */
export const InstalmentPlanInput = z.object({
  name: PlanName,
  instalments: Steps,
  is_active: z.boolean({ error: 'is_active must be true or false.' }).default(true),
});
export type InstalmentPlanInput = z.input<typeof InstalmentPlanInput>;

/** PATCH /api/admin/plans/{id}/: any of the fields. */
export const InstalmentPlanPatch = z.object({
  name: PlanName.optional(),
  instalments: Steps.optional(),
  is_active: z.boolean({ error: 'is_active must be true or false.' }).optional(),
});

/** PATCH /api/admin/instalments/{id}/: a new due date and why (audited). */
export const InstalmentMoveInput = z.object({
  due_on: z.iso.date({ error: 'due_on must be a date (YYYY-MM-DD).' }),
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required.')
    .max(500, 'Reason must be at most 500 characters.'),
});

/**
 * POST /api/admin/enrollments/{id}/instalments/refund/ (step-up, Idempotency-Key): every instalment paid is
 * refunded in full through the gateway, each with its credit note; the dues still open are cancelled.
 */
export const InstalmentRefundInput = z.object({
  reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required.')
    .max(500, 'Reason must be at most 500 characters.'),
  revoke_access: z.boolean({ error: 'Say whether access is revoked.' }).default(true),
});

export const InstalmentStatusFilter = z.object({
  status: z.enum(['overdue', 'due', 'paid'], { error: 'status must be overdue, due or paid.' }).optional(),
});

/** A plan as the API answers it; `total` is the sum of its amounts (whole rupees). */
export const InstalmentPlan = z.object({
  id: z.number().int(),
  program_id: z.number().int(),
  name: z.string(),
  instalments: z.array(z.object({ amount: z.number().int(), due_after_days: z.number().int() })),
  total: z.number().int(),
  is_active: z.boolean(),
});
export type InstalmentPlan = z.infer<typeof InstalmentPlan>;

/** GET /classroom/programs/{id}/: the program with its active instalment plans (checkout offers them). */
export const ProgramDetail = Program.extend({ plans: z.array(InstalmentPlan) });
export type ProgramDetail = z.infer<typeof ProgramDetail>;

/** One instalment of an enrollment: amount in whole rupees, total_paise charged (GST as the catalogue's). */
export const Instalment = z.object({
  id: z.number().int(),
  number: z.number().int(),
  amount: z.number().int(),
  total_paise: z.number().int(),
  /** An IST calendar day (YYYY-MM-DD). */
  due_on: z.string(),
  status: z.enum(['paid', 'due', 'overdue', 'cancelled']),
  /** The IST calendar day it was paid (YYYY-MM-DD), null while unpaid: early payments show when they were paid. */
  paid_on: z.string().nullable(),
  /** The payment that pays it (pending or completed), or null. */
  payment: z.number().int().nullable(),
  /** Its tax invoice's number once issued, or null. */
  invoice: z.string().nullable(),
});
export type Instalment = z.infer<typeof Instalment>;

/** What an administrator sees of every schedule (GET /api/admin/instalments/). */
export const AdminInstalment = Instalment.extend({
  enrollment_id: z.number().int(),
  student: z.string(),
  program: z.string(),
});
export type AdminInstalment = z.infer<typeof AdminInstalment>;

export const DAY_MS = 86_400_000;

/** The IST date `days` after an IST date: "2026-11-25" + 30 → "2026-12-25". */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** One instalment of a plan at checkout: its amount (rupees), its share of the discount (paise), its tax split. */
export type ScheduledInstalment = { number: number; amount: number; discount: number; due_on: string; split: TaxSplit };

/**
 * A discount's shares of a plan (decision records 053 and 054): decided on the plan's total (what a
 * coupon or scholarship takes off it), then off its instalments in proportion to their amounts, in integer
 * paise adding up to it exactly. The checkout shows these and the server charges them.
 */
export function planDiscountShares(
  steps: readonly Pick<InstalmentStep, 'amount'>[],
  discount: Pick<QuoteDiscount, 'kind' | 'value'> | null | undefined,
): number[] {
  const amounts = steps.map((step) => rupeesToPaise(step.amount));
  return splitInProportion(
    discountOn(
      amounts.reduce((sum, paise) => sum + paise, 0),
      discount,
    ),
    amounts,
  );
}

/**
 * A plan's schedule from a start day (today in IST at checkout, the enrollment's day after): each
 * instalment is its amount less its share of the discount (none without one), taxed by the catalogue's
 * rule, and the total is exactly the sum of what is charged.
 */
export function planSchedule(
  steps: readonly InstalmentStep[],
  rules: PricingRules,
  billingStateCode: string | null | undefined,
  start: string = istToday(),
  discount: Pick<QuoteDiscount, 'kind' | 'value'> | null = null,
): { instalments: ScheduledInstalment[]; totalPaise: number } {
  const shares = planDiscountShares(steps, discount);
  const place = billingStateCode || rules.instituteStateCode;
  const instalments = steps.map((step, i) => ({
    number: i + 1,
    amount: step.amount,
    discount: shares[i] ?? 0,
    due_on: addDays(start, step.due_after_days),
    split: splitGst(rupeesToPaise(step.amount) - (shares[i] ?? 0), {
      inclusive: rules.pricesIncludeGst,
      intraState: place === rules.instituteStateCode,
    }),
  }));
  return { instalments, totalPaise: instalments.reduce((sum, s) => sum + s.split.total, 0) };
}

/** A due instalment is overdue once its IST due date has passed. */
export function instalmentStatus(row: { status: 'due' | 'paid' | 'cancelled'; due_on: string }, today: string) {
  return row.status === 'due' && row.due_on < today ? 'overdue' : row.status;
}
