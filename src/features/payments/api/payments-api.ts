import {
  API,
  INSTALMENT_PATHS,
  PaymentCompletion,
  PaymentStart,
  type CourseType,
  type PaymentStartInput,
  type PaymentVerifyInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The payment calls, shared by the checkout and the dashboard (a card's Pay and Complete Payment, an
 * instalment's Pay): the app's composition hands them to the payment machines.
 */

/** POST /classroom/{programs|workshops}/{id}/payment/: a pending payment (or completed, for a free workshop). */
export function startPayment(
  courseType: CourseType,
  courseId: number,
  body: PaymentStartInput = { payment_method: 'credit_card' },
) {
  const path = courseType === 'program' ? API.programs.payment(courseId) : API.workshops.payment(courseId);
  return api.post(path, body, PaymentStart);
}

/** POST /classroom/instalments/{id}/payment/: the instalment's pending payment with its gateway order. */
export const startInstalmentPayment = (instalmentId: number) =>
  api.post(INSTALMENT_PATHS.instalmentPayment(instalmentId), undefined, PaymentStart);

export const completePayment = (paymentId: number) =>
  api.post(API.payments.complete(paymentId), undefined, PaymentCompletion);

/** POST /classroom/payments/{id}/verify/: the gateway's signed proof of payment. */
export const verifyPayment = (paymentId: number, proof: PaymentVerifyInput) =>
  api.post(API.payments.verify(paymentId), proof, PaymentCompletion);
