import type { PersonName } from '../../../contract/index.ts';

/**
 * Small parts every domain's presenter (`server/domains/<name>/present.ts`, where rows become API answers)
 * uses: a stored 0/1 flag as a boolean, a person's name, and the student a row names.
 */

export const bool = (value: number | boolean): boolean => Boolean(value);

export function person(first: string | null, last: string | null): PersonName | null {
  return first === null && last === null ? null : { first_name: first ?? '', last_name: last ?? '' };
}

/** The student of a row that joins the users table as student_* columns (an enrollment, a payment). */
export type StudentColumns = {
  student_id: number;
  student_username: string;
  student_first_name: string;
  student_last_name: string;
  student_email: string;
};

export function studentOf(row: StudentColumns) {
  return {
    id: row.student_id,
    username: row.student_username,
    first_name: row.student_first_name,
    last_name: row.student_last_name,
    email: row.student_email,
  };
}
