import type { FieldSpec } from './resource-types.ts';

/** Pieces every content tab shares. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** Administrators also see archived and inactive items. */
export const ALL = { include_inactive: true };
export const title: FieldSpec = { name: 'title', label: 'Title', kind: 'text', required: true };
export const description: FieldSpec = { name: 'description', label: 'Description', kind: 'textarea' };
export const featured: FieldSpec = { name: 'is_featured', label: 'Featured', kind: 'checkbox' };
/** The program's or workshop's instructor, chosen from the faculty list (sent as `instructor_id`, null for none). */
export const instructorField: FieldSpec = {
  name: 'instructor_id',
  label: 'Instructor',
  kind: 'select',
  choices: 'faculty',
};
