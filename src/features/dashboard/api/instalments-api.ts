import { INSTALMENT_API, Instalment, PaymentStart } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /classroom/enrollments/{id}/instalments/: the enrollment's schedule (empty when paid in full). */
export const fetchInstalments = (enrollmentId: number) =>
  api.list(INSTALMENT_API.enrollmentInstalments(enrollmentId), Instalment);

/** POST /classroom/instalments/{id}/payment/: the instalment's pending payment with its gateway order. */
export const startInstalmentPayment = (instalmentId: number) =>
  api.post(INSTALMENT_API.instalmentPayment(instalmentId), undefined, PaymentStart);
