import {
  ApiError,
  EMPTY_CHECKOUT_FORM,
  MESSAGES,
  SERVER_MESSAGES,
  MFA_MESSAGES,
  type CheckoutForm,
  type StudentPayment,
  type PaymentCompletion,
  type PaymentStart,
  type User,
} from '../../contract/index.ts';
import type { GatewayOutcome, HandOffResult } from '../../machines/gateway-payment.machine.ts';

/** Sample data the models feed the machines; views tests can reuse it for their fake API answers. */

export const sampleStudent: User = {
  id: 2,
  username: 'student',
  email: 'student@example.in',
  first_name: 'Priya',
  last_name: 'Sharma',
  email_verified: true,
  profile: { role: 'student', is_admin: false, is_instructor: false, is_student: true },
};

export const sampleNewStudent: User = {
  id: 7,
  username: 'arjun',
  email: 'arjun@example.in',
  first_name: 'Arjun',
  last_name: 'Mehta',
  email_verified: true,
  profile: { role: 'student', is_admin: false, is_instructor: false, is_student: true },
};

/** A network failure: no server words, so the spec's fallback text shows. */
export const networkError = new Error('Network request failed');

export const badCredentials = new ApiError(401, { detail: SERVER_MESSAGES.badCredentials });
export const codeInvalid = new ApiError(401, { detail: MFA_MESSAGES.codeInvalid });
export const usernameTaken = new ApiError(400, { username: [SERVER_MESSAGES.usernameTaken] });
export const tokenInvalid = new ApiError(401, { detail: SERVER_MESSAGES.tokenInvalid });
export const refreshInvalid = new ApiError(401, { detail: SERVER_MESSAGES.refreshInvalid });
export const alreadyEnrolled = new ApiError(400, { error: SERVER_MESSAGES.alreadyEnrolled });
export const paymentNotPending = new ApiError(400, { error: SERVER_MESSAGES.paymentNotPending });
export const paymentNotReceived = new ApiError(400, { error: SERVER_MESSAGES.paymentNotReceived });
export const serverError = new ApiError(500, { detail: SERVER_MESSAGES.serverError });
export const titleRequired = new ApiError(400, { title: ['Title is required.'] });
export const notFound = new ApiError(404, { detail: SERVER_MESSAGES.notFound });

const student = { id: 2, first_name: 'Priya', last_name: 'Sharma', email: 'student@example.in' };

export const samplePendingPayment: StudentPayment = {
  id: 41,
  course: 3,
  course_type: 'program',
  status: 'pending',
  amount: 125000,
  student,
  program_title: 'Credit Analyst Program',
  workshop_title: null,
  payment_method: 'credit_card',
  created_at: '2026-11-20T10:00:00.000Z',
  completed_at: null,
  failure_reason: null,
  refunded_amount: 0,
} as StudentPayment;

export const sampleCompletedPayment: StudentPayment = {
  ...samplePendingPayment,
  status: 'completed',
  completed_at: '2026-11-20T10:05:00.000Z',
};

/** A free workshop: the server answers the payment already completed, amount 0. */
export const sampleFreeWorkshopPayment: StudentPayment = {
  ...sampleCompletedPayment,
  id: 42,
  course: 5,
  course_type: 'workshop',
  amount: 0,
  program_title: null,
  workshop_title: 'Reading a Credit Memo',
};

export const sampleCompletion: PaymentCompletion = {
  payment: sampleCompletedPayment,
  enrollment: {
    id: 9,
    course: 3,
    course_type: 'program',
    is_active: true,
    student,
    program: { id: 3, title: 'Credit Analyst Program' },
    workshop: null,
    status: 'active',
    enrolled_at: '2026-11-20T10:05:00.000Z',
    progress_percentage: 0,
    batch: null,
  },
} as PaymentCompletion;

export const validCardForm: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.in',
  phone: '98765 43210',
  stateCode: '27',
  address: '12 Marine Drive, Mumbai 400020',
  paymentMethod: 'credit_card',
};

export const validUpiForm: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.in',
  phone: '9876543210',
  stateCode: '29',
  address: '4 MG Road, Bengaluru 560001',
  gstin: '29AAGCB7383J1Z4',
  gstinName: 'Bharat Lending Private Limited',
  paymentMethod: 'upi',
};

/** A mobile number too short and no billing address: refused by validateCheckout. */
export const invalidCheckoutForm: CheckoutForm = { ...validCardForm, phone: '12345', address: '' };

/** The payment start of a paid course: the pending payment with its gateway order (amount in paise). */
export const samplePaymentStart: PaymentStart = {
  ...samplePendingPayment,
  gateway: {
    name: 'razorpay',
    key_id: 'rzp_test_localsandbox',
    order_id: 'order_Samp1eOrder001',
    amount: 12_500_000,
    currency: 'INR',
    sandbox_checkout_url: '/gateway-sandbox/checkout',
  },
};
/** A free workshop's start: completed at once, no gateway. */
export const sampleFreeStart: PaymentStart = { ...sampleFreeWorkshopPayment, gateway: null };

/** The gateway's signed proof, as Razorpay Checkout (or the sandbox) hands it over. */
export const sampleProof = {
  razorpay_order_id: 'order_Samp1eOrder001',
  razorpay_payment_id: 'pay_Samp1ePayment01',
  razorpay_signature: 'a'.repeat(64),
};
export const handOffPaid: HandOffResult = { kind: 'paid', proof: sampleProof };
export const handOffDeclined: HandOffResult = { kind: 'failed' };
export const handOffClosed: HandOffResult = { kind: 'cancelled' };
export const signatureInvalid = new ApiError(400, { error: SERVER_MESSAGES.signatureInvalid });
export const gatewayUnavailable = new ApiError(503, { error: SERVER_MESSAGES.gatewayUnavailable });

/** A pending payment the start answered without a gateway order: nothing the gateway could take. */
export const sampleStartWithoutOrder: PaymentStart = { ...samplePendingPayment, gateway: null };

/** What a gateway step (the gatewayPayment child) can end with, as its parents receive it. */
export const gatewayPaid: GatewayOutcome = { kind: 'paid', payment: sampleCompletedPayment };
export const gatewayClosed: GatewayOutcome = { kind: 'cancelled', payment: samplePendingPayment };
export const gatewayDeclined: GatewayOutcome = {
  kind: 'failed',
  stage: 'handingOff',
  error: null,
  failure: MESSAGES.checkoutFailed,
  payment: samplePendingPayment,
};
/** The payment start refused (the gateway is down): nothing was ordered. */
export const gatewayStartRefused: GatewayOutcome = {
  kind: 'failed',
  stage: 'ordering',
  error: gatewayUnavailable,
  failure: `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.gatewayUnavailable}`,
  payment: null,
};
/** verify/ refused the gateway's proof. */
export const gatewayProofRefused: GatewayOutcome = {
  kind: 'failed',
  stage: 'verifying',
  error: signatureInvalid,
  failure: `${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.signatureInvalid}`,
  payment: samplePendingPayment,
};
