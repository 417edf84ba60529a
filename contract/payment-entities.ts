import { z } from 'zod';
import { Enrollment, StudentSummary } from './entities.ts';
import { DateTime, Id } from './entity-fields.ts';
import { CourseType, FailureReason, PaymentMethod, PaymentStatus } from './enums.ts';

/** Payments as the API answers them: a payment, its gateway order, its completion, and reconciliation. */

export const Payment = z.object({
  id: Id,
  course: Id,
  course_type: CourseType,
  status: PaymentStatus,
  /** Whole rupees, read from the course on the server. */
  amount: z.number().int().nonnegative(),
  /** Whole rupees refunded through the gateway so far (issue 9): the refunds' share of the list price. */
  refunded_amount: z.number().int().nonnegative(),
  /** Paise refunded so far, of what was charged (`total_paise`); refunded in full when they are equal (issue 32). */
  refunded_paise: z.number().int().nonnegative(),
  student: StudentSummary,
  program_title: z.string().nullable(),
  workshop_title: z.string().nullable(),
  payment_method: PaymentMethod,
  created_at: DateTime,
  completed_at: DateTime.nullable(),
  failure_reason: FailureReason.nullable(),
  admin_notes: z.string(),
  is_urgent: z.boolean(),
  /** What is charged, in paise: the price, plus GST when prices exclude it (PRICES_INCLUDE_GST=0). */
  total_paise: z.number().int().nonnegative(),
  /** Decision record 066: the discount taken off the list price (`amount`), in paise (0: none). */
  discount_paise: z.number().int().nonnegative(),
  /** The coupon's code as printed; null for none, or a scholarship (with a discount). */
  coupon_code: z.string().nullable(),
  /** The instalment plan paid by (decision record 054), or null. */
  plan_name: z.string().nullable(),
  /** Which instalment of its schedule it paid and of how many ("2 of 3"); null when not an instalment yet. */
  instalment_number: z.number().int().positive().nullable(),
  instalment_count: z.number().int().positive().nullable(),
  /** The gateway's payment id (Razorpay's pay_…) once paid through it, else null. */
  gateway_payment_id: z.string().nullable(),
  /** The billing place and GSTIN given at checkout (null: not given; the place of supply is the institute's state). */
  billing_state_code: z.string().nullable(),
  billing_gstin: z.string().nullable(),
  /** The tax invoice's number once the payment is completed (download: GET /classroom/payments/{id}/invoice/). */
  invoice_number: z.string().nullable(),
});
export type Payment = z.infer<typeof Payment>;

/**
 * The office's own fields of a payment or enrollment (the resolve form's notes, urgency and issue): in
 * administrators' answers only, never in a student's own (issue 32).
 */
export const STAFF_ONLY_FIELDS = ['admin_notes', 'is_urgent', 'issue_description'] as const;

/** A payment as its student sees it (GET /classroom/payments/, a payment start, a completion). */
export const StudentPayment = Payment.omit({ admin_notes: true, is_urgent: true });
export type StudentPayment = z.infer<typeof StudentPayment>;

/** An enrollment as its student sees it (GET /classroom/enrollments/, a completion). */
export const StudentEnrollment = Enrollment.omit({ admin_notes: true, is_urgent: true, issue_description: true });
export type StudentEnrollment = z.infer<typeof StudentEnrollment>;

/** What the browser's checkout needs to hand a payment to the gateway (amount in paise). */
export const GatewayCheckout = z.object({
  name: z.literal('razorpay'),
  key_id: z.string(),
  order_id: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  /** Where the browser is sent for the local sandbox gateway's checkout page; null with Razorpay's real API. */
  sandbox_checkout_url: z.string().nullable(),
});
export type GatewayCheckout = z.infer<typeof GatewayCheckout>;

/** A payment start answers the payment and, unless it was free, its live gateway order. */
export const PaymentStart = StudentPayment.extend({ gateway: GatewayCheckout.nullable().default(null) });
export type PaymentStart = z.infer<typeof PaymentStart>;

export const RECONCILIATION_FLAGS = [
  'unknown_order',
  'amount_mismatch',
  'capture_after_failure',
  'capture_after_cancel',
  'paid_twice',
  'not_granted',
  'refund_failed',
  'unknown_refund',
] as const;
export const ReconciliationFlag = z.enum(RECONCILIATION_FLAGS);

/** A gateway event the office must look at (GET /api/admin/reconciliation/). Amount in paise. */
export const FlaggedEvent = z.object({
  id: Id,
  event: z.string(),
  source: z.enum(['webhook', 'verify', 'sync']),
  flag: ReconciliationFlag,
  detail: z.string(),
  gateway_order_id: z.string().nullable(),
  gateway_payment_id: z.string().nullable(),
  payment_id: Id.nullable(),
  amount_paise: z.number().int().nullable(),
  created_at: DateTime,
  resolved_at: DateTime.nullable(),
  resolution: z.enum(['granted', 'refunded', 'resolved']).nullable(),
  resolution_note: z.string(),
});
export type FlaggedEvent = z.infer<typeof FlaggedEvent>;

export const Reconciliation = z.object({
  flagged: z.array(FlaggedEvent),
  /** Pending payments older than 30 minutes: a webhook may have been missed (Sync asks the gateway). */
  stale_pending: z.array(Payment),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

export const SyncResult = z.object({
  checked: z.number().int(),
  completed: z.number().int(),
  errors: z.array(z.string()),
});
export type SyncResult = z.infer<typeof SyncResult>;

/** POST /classroom/payments/{id}/complete/ answers the completed payment and the enrollment it granted. */
export const PaymentCompletion = z.object({ payment: StudentPayment, enrollment: StudentEnrollment });
export type PaymentCompletion = z.infer<typeof PaymentCompletion>;
