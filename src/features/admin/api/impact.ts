import { AdminUser, API, EnrollmentImpact } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** What deleting or cancelling an enrollment touches (decision 077): read before Delete is offered. */
export function fetchEnrollmentImpact(enrollmentId: number): Promise<EnrollmentImpact> {
  return api.get(API.admin.enrollmentImpact(enrollmentId), EnrollmentImpact);
}

/** Takes the account's access away (`active` false) or gives it back: PATCH is_active, once confirmed. */
export async function setUserActive(userId: number, active: boolean): Promise<AdminUser> {
  return AdminUser.parse(await api.send('PATCH', API.admin.user(userId), { is_active: active }));
}
