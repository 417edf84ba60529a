/**
 * The instructors' side (decision record 050): who may use the instructor endpoints. Attendance,
 * assignments and certificates keep their own texts and shapes beside this file.
 */
export const TEACHING_MESSAGES = {
  instructorsOnly: 'This is for instructors and administrators.',
  notYourBatch: 'Only the instructor of this batch and administrators can do this.',
} as const;

/**
 * Attendance percentage (decision record 050): sessions attended out of sessions held, rounded to a whole
 * number (half up); null when none has been held yet.
 */
export function attendanceRule(attended: number, held: number): number | null {
  if (held <= 0) return null;
  return Math.round((Math.min(attended, held) * 100) / held);
}
