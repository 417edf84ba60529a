/**
 * What an enrollment or a payment answer shows besides its own row: the student and the course title.
 * Both queries join users, programs and workshops under these names; one list keeps them alike.
 */
export const STUDENT_AND_COURSE_COLUMNS = [
  'users.username as student_username',
  'users.first_name as student_first_name',
  'users.last_name as student_last_name',
  'users.email as student_email',
  'programs.title as program_title',
  'workshops.title as workshop_title',
] as const;
