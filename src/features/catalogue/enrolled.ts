import type { CourseType, StudentEnrollment } from '../../../contract/index.ts';

/** The course ids the user is actively enrolled in, of one course type (docs/deviations.md). */
export function enrolledIds(enrollments: StudentEnrollment[], type: CourseType): Set<number> {
  return new Set(enrollments.filter((e) => e.course_type === type && e.is_active).map((e) => e.course));
}
