import { z } from 'zod';
import { GST_STATE_CODES, gstinProblem } from './gst.ts';
import { ConsentChoices } from './privacy.ts';
import {
  CONTROL_CHARACTERS_MESSAGE,
  MULTI_LINE,
  PaymentMethod,
  indianMobile,
  line,
  optionalLine,
  required,
  requiredEmail,
} from './fields.ts';

/** Request bodies of payments: checkout's billing details, a payment's start and verify, refunds, reconciliation. */

/** The person paying, as checkout collects them (the checkout form validates with these same fields). */
export const BillingInput = z
  .object({
    first_name: required('First name').max(150),
    last_name: required('Last name').max(150),
    email: requiredEmail(),
    phone: indianMobile(),
    /** GST state code of the billing address: the place of supply (absent: the institute's state). */
    state_code: z
      .union([z.enum(GST_STATE_CODES), z.literal(''), z.null()], { error: 'Choose a state or union territory.' })
      .optional()
      .transform((v) => v || null),
    address: z
      .string()
      .trim()
      .regex(MULTI_LINE, CONTROL_CHARACTERS_MESSAGE)
      .max(500, 'Keep the address under 500 characters.')
      .default(''),
    /** An employer's GSTIN, when the employer pays: its first two digits must be the state's code. */
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => v || null),
    gstin_name: optionalLine(200),
  })
  .superRefine((value, issues) => {
    if (!value.gstin) return;
    if (!value.state_code) {
      issues.addIssue({ code: 'custom', path: ['state_code'], message: 'Choose the state of this GSTIN.' });
      return;
    }
    const problem = gstinProblem(value.gstin, value.state_code);
    if (problem) issues.addIssue({ code: 'custom', path: ['gstin'], message: problem });
    if (!value.gstin_name) {
      issues.addIssue({ code: 'custom', path: ['gstin_name'], message: 'Legal name on the GSTIN is required.' });
    }
  });

/** The student dashboard sends {payment_method: "credit_card"}; checkout also sends billing details. */
export const PaymentStartInput = z.object({
  payment_method: PaymentMethod.default('credit_card'),
  billing: BillingInput.optional(),
  consents: ConsentChoices.optional(),
  /** The batch (cohort) to join: required when the program has an open batch (contract/delivery.ts). */
  batch: z.number({ error: 'Choose a batch to join.' }).int().positive().nullable().optional(),
  /** A coupon code (decision record 053): the server decides the discount again; a scholarship needs none. */
  coupon: z.string().trim().max(100).nullable().optional(),
  /** An instalment plan of the program (contract/instalments.ts); null or absent: pay in full. */
  plan: z.number({ error: 'plan must be a plan id or null.' }).int().positive().nullable().optional(),
});
export type PaymentStartInput = z.input<typeof PaymentStartInput>;

/** Razorpay Checkout's success handler fields, passed on as they came (issue 9). */
export const PaymentVerifyInput = z.object({
  razorpay_order_id: line({ error: 'razorpay_order_id is required.' }).min(1).max(100),
  razorpay_payment_id: line({ error: 'razorpay_payment_id is required.' }).min(1).max(100),
  razorpay_signature: line({ error: 'razorpay_signature is required.' }).min(1).max(200),
});
export type PaymentVerifyInput = z.input<typeof PaymentVerifyInput>;

/** POST /api/admin/payments/{id}/refund/: amount in whole rupees, the full remainder when absent. */
export const RefundInput = z.object({
  amount: z
    .number({ error: 'Amount must be a whole number of rupees.' })
    .int('Amount must be a whole number of rupees.')
    .positive('Amount must be at least ₹1.')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  reason: required('Reason').max(500),
  revoke_access: z.boolean({ error: 'Say whether access is revoked.' }),
});
export type RefundInput = z.input<typeof RefundInput>;

/** POST /api/admin/reconciliation/{id}/resolve/: what the office did about a flagged event. */
export const ReconciliationActionInput = z.object({
  action: z.enum(['grant', 'refund', 'resolve'], { error: 'Choose grant, refund or resolve.' }),
  note: required('Note').max(2000),
});
export type ReconciliationActionInput = z.input<typeof ReconciliationActionInput>;
