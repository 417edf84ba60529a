import type { Enrollment } from '../../../contract/index.ts';
import { bool, studentOf } from '../../platform/lib/answer-parts.ts';
import type { EnrollmentView } from './repository.ts';

/** An enrollment as the API answers it. */

export function toEnrollment(row: EnrollmentView): Enrollment {
  const isProgram = row.course_type === 'program';
  return {
    id: row.id,
    course: row.course_id,
    course_type: row.course_type,
    is_active: bool(row.is_active),
    student: studentOf(row),
    program: isProgram ? { id: row.course_id, title: row.program_title ?? '' } : null,
    workshop: isProgram ? null : { id: row.course_id, title: row.workshop_title ?? '' },
    status: row.status,
    enrolled_at: row.enrolled_at,
    progress_percentage: row.progress_percentage,
    issue_description: row.issue_description,
    admin_notes: row.admin_notes,
    is_urgent: bool(row.is_urgent),
    batch:
      row.batch_id === null
        ? null
        : {
            id: row.batch_id,
            name: row.batch_name ?? '',
            starts_on: row.batch_starts_on ?? '',
            ends_on: row.batch_ends_on ?? '',
          },
  };
}
