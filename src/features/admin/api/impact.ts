import {
  AdminUser,
  API,
  CourseImpact,
  DeleteImpact,
  EnrollmentImpact,
  type CourseType,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** What deleting or cancelling an enrollment touches (decision 077): read before Delete is offered. */
export function fetchEnrollmentImpact(enrollmentId: number): Promise<EnrollmentImpact> {
  return api.get(API.admin.enrollmentImpact(enrollmentId), EnrollmentImpact);
}

/** What deleting a program or workshop touches (decision 077): archived or deleted, its students, what is due. */
export function fetchCourseImpact(courseType: CourseType, id: number): Promise<CourseImpact> {
  return api.get(courseType === 'program' ? API.admin.programImpact(id) : API.admin.workshopImpact(id), CourseImpact);
}

/** What deleting a session, module, lesson or faculty member takes with it (decision 085), from its impact path. */
export function fetchDeleteImpact(path: string): Promise<DeleteImpact> {
  return api.get(path, DeleteImpact);
}

/** Takes the account's access away (`active` false) or gives it back: PATCH is_active, once confirmed. */
export async function setUserActive(userId: number, active: boolean): Promise<AdminUser> {
  return AdminUser.parse(await api.send('PATCH', API.admin.user(userId), { is_active: active }));
}
