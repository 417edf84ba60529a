import { INSTALMENT_PATHS, Instalment } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /classroom/enrollments/{id}/instalments/: the enrollment's schedule (empty when paid in full). */
export const fetchInstalments = (enrollmentId: number) =>
  api.list(INSTALMENT_PATHS.enrollmentInstalments(enrollmentId), Instalment);
