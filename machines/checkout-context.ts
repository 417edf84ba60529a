import {
  COURSE_TYPES,
  DELIVERY_MESSAGES,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
  type CheckoutSubmission,
  type CourseType,
} from '../contract/index.ts';
import type { GatewayReturn } from './gateway-payment.machine.ts';
import type { BatchChoiceReport } from './batch-choice.machine.ts';
import type { PlanChoiceReport } from './plan-choice.machine.ts';
import type { AppliedCoupon, CouponCheckReport } from './coupon-check.machine.ts';

/** The checkout machine's input, context and events (checkout.machine.ts), and its pure rules. */
export type CheckoutInput = {
  /** The raw URL segments: anything may arrive here. */
  courseType: string;
  courseId: string;
  /** Back from the gateway's own page (the sandbox's redirect), read from the URL. */
  gatewayReturn?: GatewayReturn | null;
  /** What the student submitted before leaving for the gateway's page (kept by the app for this payment). */
  draft?: CheckoutSubmission | null;
};

/** What the summary shows; the app's `loadCourse` maps a program or a workshop to it. */
export type CheckoutCourse = {
  id: number;
  courseType: CourseType;
  title: string;
  description: string;
  /** Whole rupees. */
  price: number;
  originalPrice: number | null;
};

export type LoadCourseInput = { courseType: CourseType; courseId: number };

/** A choice the checkout runs as a child: not asked (`none`), being read (`loading`), or offered. */
export type ChoiceStatus = 'none' | 'loading' | 'offered';

/** The form's field messages, and the batch choice's. */
export type CheckoutFieldErrors = CheckoutErrors & { batch?: string };

export type CheckoutContext = {
  courseType: CourseType | null;
  courseId: number | null;
  course: CheckoutCourse | null;
  /** Field messages of the last refused submit (and the batch choice's); {} when none. */
  errors: CheckoutFieldErrors;
  /** The failure banner's text after a failed payment. */
  failure: string | null;
  /** The form last submitted (or brought back from before the gateway's page): the form shows it again. */
  form: CheckoutSubmission | null;
  /** Back from the sandbox's page: handed to the gateway step once the course is loaded. */
  gatewayReturn: GatewayReturn | null;
  /** A student is signed in (the page says so): the coupon check may ask the server. */
  signedIn: boolean;
  /** The program's batches (the batch choice's report) and the batch chosen. */
  batches: ChoiceStatus;
  batch: number | null;
  /** The program's instalment plans (the plan choice's report) and the plan chosen; null pays in full. */
  plans: ChoiceStatus;
  plan: number | null;
  /** The coupon check (offered once its first answer is in) and what applies: a code or the scholarship. */
  coupon: ChoiceStatus;
  discount: AppliedCoupon | null;
};

/**
 * The form as submitted with the consent choices (its batch, plan and coupon are the checkout's own, from
 * its children); a student signed in; what the children report.
 */
export type CheckoutEvent =
  | { type: 'checkout.submit'; form: CheckoutSubmission }
  | { type: 'checkout.signedIn' }
  | BatchChoiceReport
  | PlanChoiceReport
  | CouponCheckReport;

export function initialCheckoutContext(input: CheckoutInput): CheckoutContext {
  return {
    courseType: parseCourseType(input.courseType),
    courseId: parseCourseId(input.courseId),
    course: null,
    errors: {},
    failure: null,
    form: input.draft ?? null,
    gatewayReturn: input.gatewayReturn ?? null,
    signedIn: false,
    batches: 'none',
    batch: null,
    plans: 'none',
    plan: null,
    coupon: 'none',
    discount: null,
  };
}

/** The payment's submission: the form and consents with the batch, plan and coupon the checkout keeps. */
export function submissionOf(context: CheckoutContext, form: CheckoutSubmission): CheckoutSubmission {
  const { batch: _batch, plan: _plan, coupon: _coupon, ...details } = form;
  return {
    ...details,
    batch: context.batch,
    coupon: context.discount?.code ?? null,
    // Absent when the program offers no plan (the payment is in full).
    ...(context.plans === 'offered' ? { plan: context.plan } : {}),
  };
}

/** The field messages of a refused submit, with the batch choice's while batches are offered and none chosen. */
export function errorsOf(context: CheckoutContext, form: CheckoutForm): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = validateCheckout(form);
  return context.batches === 'offered' && context.batch === null
    ? { ...errors, batch: DELIVERY_MESSAGES.batchRequired }
    : errors;
}

function parseCourseType(raw: string): CourseType | null {
  return (COURSE_TYPES as readonly string[]).includes(raw) ? (raw as CourseType) : null;
}

function parseCourseId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
