import {
  API,
  CERTIFICATE_API,
  MyCertificate,
  PaymentCompletion,
  PaymentStart,
  Program,
  StudentEnrollment,
  StudentPayment,
  Workshop,
  type CourseType,
  type PaymentStartInput,
  type PaymentVerifyInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /classroom/{programs|workshops}/{id}/payment/: a pending payment (or completed, for a free workshop). */
export function startPayment(
  courseType: CourseType,
  courseId: number,
  body: PaymentStartInput = { payment_method: 'credit_card' },
) {
  const path = courseType === 'program' ? API.programs.payment(courseId) : API.workshops.payment(courseId);
  return api.post(path, body, PaymentStart);
}

export const completePayment = (paymentId: number) =>
  api.post(API.payments.complete(paymentId), undefined, PaymentCompletion);

/** POST /classroom/payments/{id}/verify/: the gateway's signed proof of payment. */
export const verifyPayment = (paymentId: number, proof: PaymentVerifyInput) =>
  api.post(API.payments.verify(paymentId), proof, PaymentCompletion);

export type DashboardData = {
  enrollments: StudentEnrollment[];
  payments: StudentPayment[];
  programs: Program[];
  /** Only to show an enrolled workshop's description and price; the dashboard works without it. */
  workshops: Workshop[];
  /** The student's certificates (Download certificate on a card); the dashboard works without them. */
  certificates?: MyCertificate[];
};

/** The dashboard's three lists, requested at once (no waterfall). */
export async function fetchDashboard(): Promise<DashboardData> {
  const [enrollments, payments, programs, workshops, certificates] = await Promise.all([
    api.list(API.enrollments.list, StudentEnrollment),
    api.list(API.payments.list, StudentPayment),
    api.list(API.programs.list, Program),
    api.list(API.workshops.list, Workshop).catch(() => [] as Workshop[]),
    api.list(CERTIFICATE_API.mine, MyCertificate).catch(() => [] as MyCertificate[]),
  ]);
  return { enrollments, payments, programs, workshops, certificates };
}
