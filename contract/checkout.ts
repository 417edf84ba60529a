import { z } from 'zod';
import type { PaymentMethod } from './enums.ts';
import { FIELD_MESSAGES } from './messages.ts';
import { normalizeIndianMobile } from './fields.ts';
import { BillingInput } from './payment-payloads.ts';
import { firstFieldErrors } from './validation.ts';
import { GST_STATE_CODES, gstinProblem, type GstStateCode } from './gst.ts';
import type { ConsentChoices } from './privacy.ts';

/**
 * The checkout form (spec sections 3 and 5) with the format checks users expect. It lives in the
 * contract so the form, the machine tests and the end-to-end tests agree on every message.
 * Card number, expiry and CVV are checked here and never sent to the server.
 */

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** MM/YY; a card is valid through the last day of its expiry month. */
export function expiryInFuture(value: string, now: Date): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = new Date(year, month, 1);
  return firstOfNextMonth.getTime() > now.getTime();
}

/**
 * The checkout form's messages. The person's fields use the payment start's own rules (BillingInput),
 * so their messages are the shared ones; the card and UPI fields never reach the server.
 */
export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  emailRequired: FIELD_MESSAGES.emailRequired,
  email: FIELD_MESSAGES.email,
  phoneRequired: FIELD_MESSAGES.phoneRequired,
  phone: FIELD_MESSAGES.phone,
  cardNumberRequired: 'Card number is required.',
  cardNumber: 'Enter a valid card number.',
  expiryRequired: 'Expiry date is required.',
  expiryFormat: 'Enter the expiry date as MM/YY.',
  expiryPast: 'This card has expired.',
  cvvRequired: 'CVV is required.',
  cvv: 'CVV must be 3 or 4 digits.',
  nameOnCard: 'Name on card is required.',
  upiRequired: 'UPI ID is required.',
  upi: 'Enter a UPI ID like name@bank.',
  stateCode: 'Choose your billing state or union territory.',
  address: 'Billing address is required.',
  gstinName: 'Legal name on the GSTIN is required.',
} as const;

const UPI_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

export type CheckoutForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  nameOnCard: string;
  upiId: string;
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
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  nameOnCard: '',
  upiId: '',
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

function cardFields(now: Date) {
  return Person.extend({
    paymentMethod: z.enum(['credit_card', 'debit_card']),
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        filled(m.cardNumberRequired)
          .regex(/^\d{12,19}$/, m.cardNumber)
          .refine(luhnValid, m.cardNumber),
      ),
    expiryDate: filled(m.expiryRequired).pipe(
      z
        .string()
        .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.expiryFormat)
        .pipe(z.string().refine((value) => expiryInFuture(value, now), m.expiryPast)),
    ),
    cvv: filled(m.cvvRequired).regex(/^\d{3,4}$/, m.cvv),
    nameOnCard: filled(m.nameOnCard),
  });
}
const UpiFields = Person.extend({
  paymentMethod: z.literal('upi'),
  upiId: filled(m.upiRequired).regex(UPI_PATTERN, m.upi),
});

/** The checkout form's schema: the person (BillingInput's rules) and the card or the UPI ID. `now` decides expiry. */
export function checkoutSchema(now: Date = new Date()) {
  return z.discriminatedUnion('paymentMethod', [cardFields(now), UpiFields]);
}

/** Checks the form; an empty object means it may be submitted. `now` decides whether a card expired. */
export function validateCheckout(form: CheckoutForm, now: Date = new Date()): CheckoutErrors {
  const result = checkoutSchema(now).safeParse(form);
  const errors = result.success ? {} : (firstFieldErrors(result.error) as CheckoutErrors);
  // The optional GSTIN: format, check character and state, as the server checks it (contract/gst.ts).
  if (form.gstin.trim()) {
    const problem = gstinProblem(form.gstin, form.stateCode || undefined);
    if (problem) errors.gstin = problem;
    if (!form.gstinName.trim()) errors.gstinName = m.gstinName;
  }
  return errors;
}

/** What of the checkout form goes to the server: the method, the person and the consents, never the card. */
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
