import { STAFF_ONLY_FIELDS } from '../../../contract/index.ts';

type StaffOnlyField = (typeof STAFF_ONLY_FIELDS)[number];

/**
 * A student's own answer (their payments, enrollments, a payment start or completion): the office's
 * fields (STAFF_ONLY_FIELDS: notes, urgency, issue) left out, at the top level and in a completion's
 * payment and enrollment. The one place student answers lose them (issue 32).
 */
export function forStudent<T extends object>(answer: T): Omit<T, StaffOnlyField> {
  const copy = { ...answer } as Record<string, unknown>;
  for (const field of STAFF_ONLY_FIELDS) delete copy[field];
  for (const part of ['payment', 'enrollment']) {
    const inner = copy[part];
    if (inner && typeof inner === 'object') copy[part] = forStudent(inner);
  }
  return copy as Omit<T, StaffOnlyField>;
}
