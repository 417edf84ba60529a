/**
 * The instructors' side (decision record 050): who may use the instructor endpoints. Attendance,
 * assignments and certificates keep their own texts and shapes beside this file.
 */
export const TEACHING_MESSAGES = {
  instructorsOnly: 'This is for instructors and administrators.',
  notYourBatch: 'Only the instructor of this batch and administrators can do this.',
} as const;
