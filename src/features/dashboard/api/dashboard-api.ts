import {
  API,
  CERTIFICATE_PATHS,
  MyCertificate,
  Program,
  StudentEnrollment,
  StudentPayment,
  Workshop,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The dashboard's reads (its payment calls are the payments feature's: features/payments/api). */

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
    api.list(CERTIFICATE_PATHS.mine, MyCertificate).catch(() => [] as MyCertificate[]),
  ]);
  return { enrollments, payments, programs, workshops, certificates };
}
