import { z } from 'zod';
import { PaymentMethod } from './enums.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { normalizeIndianMobile } from './fields.ts';
import { BillingInput } from './payment-payloads.ts';
import { firstFieldErrors } from './validation.ts';
import { GST_STATE_CODES, gstinProblem, type GstStateCode } from './gst.ts';
import type { ConsentChoices } from './privacy.ts';

/**
 * The checkout form (spec sections 3 and 5) with the format checks users expect. It lives in the
 * contract so the form, the machine tests and the end-to-end tests agree on every message.
 * It collects no card data: the payment gateway's own page asks for the card or the UPI ID (decision
 * record 067); the payment method chosen here is only passed on to the gateway as a preference.
 *
 * The checkout form's messages. The person's fields use the payment start's own rules (BillingInput),
 * so their messages are the shared ones.
 */
export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  emailRequired: FIELD_MESSAGES.emailRequired,
  email: FIELD_MESSAGES.email,
  phoneRequired: FIELD_MESSAGES.phoneRequired,
  phone: FIELD_MESSAGES.phone,
  stateCode: 'Choose your billing state or union territory.',
  address: 'Billing address is required.',
  gstinName: 'Legal name on the GSTIN is required.',
} as const;

export type CheckoutForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** How the student means to pay: the gateway's page opens on it where it can (a preference only). */
  paymentMethod: PaymentMethod;
  /** Billing state (GST state code), address, and an employer's GSTIN with its legal name (optional). */
  stateCode: string;
  address: string;
  gstin: string;
  gstinName: string;
};

/**
 * What a checkout submits: the form, the batch (cohort) chosen for a program with open batches, and the
 * consent choices (the notice version acknowledged and each optional purpose ticked).
 */
export type CheckoutSubmission = CheckoutForm & {
  batch?: number | null;
  consents?: ConsentChoices;
  /** The coupon code applied at checkout (decision record 053); the server decides the discount again. */
  coupon?: string | null;
  /** The instalment plan chosen, null for paying in full; absent when the program offers none (decision 054). */
  plan?: number | null;
};

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  paymentMethod: 'credit_card',
  stateCode: '',
  address: '',
  gstin: '',
  gstinName: '',
};

export type CheckoutErrors = Partial<Record<keyof CheckoutForm, string>>;

const m = CHECKOUT_MESSAGES;
/** A required text field: trimmed, and its own message when empty. */
const filled = (message: string) => z.string().trim().min(1, message);

/** The person: exactly the payment start's billing fields, under the form's names. */
const billing = BillingInput.shape;
const Person = z.object({
  firstName: billing.first_name,
  lastName: billing.last_name,
  email: billing.email,
  phone: billing.phone,
  stateCode: z.string().refine((code) => (GST_STATE_CODES as string[]).includes(code), m.stateCode),
  address: filled(m.address).max(500),
  gstin: z.string(),
  gstinName: z.string(),
});

/** The checkout form's schema: the person (BillingInput's rules) and the payment method preferred. */
const CheckoutSchema = Person.extend({ paymentMethod: PaymentMethod });

/** Checks the form; an empty object means it may be submitted. */
export function validateCheckout(form: CheckoutForm): CheckoutErrors {
  const result = CheckoutSchema.safeParse(form);
  const errors = result.success ? {} : (firstFieldErrors(result.error) as CheckoutErrors);
  // The optional GSTIN: format, check character and state, as the server checks it (contract/gst.ts).
  if (form.gstin.trim()) {
    const problem = gstinProblem(form.gstin, form.stateCode || undefined);
    if (problem) errors.gstin = problem;
    if (!form.gstinName.trim()) errors.gstinName = m.gstinName;
  }
  return errors;
}

/** What of the checkout form goes to the server: the method, the person, the batch, plan, coupon and consents. */
export function checkoutBilling(form: CheckoutSubmission) {
  return {
    payment_method: form.paymentMethod,
    billing: {
      first_name: form.firstName.trim(),
      last_name: form.lastName.trim(),
      email: form.email.trim(),
      phone: normalizeIndianMobile(form.phone),
      state_code: form.stateCode as GstStateCode,
      address: form.address.trim(),
      ...(form.gstin.trim() ? { gstin: form.gstin.trim().toUpperCase(), gstin_name: form.gstinName.trim() } : {}),
    },
    ...(form.batch ? { batch: form.batch } : {}),
    ...(form.consents ? { consents: form.consents } : {}),
    ...(form.coupon ? { coupon: form.coupon } : {}),
    ...(form.plan !== undefined ? { plan: form.plan } : {}),
  };
}
