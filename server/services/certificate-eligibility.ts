import { eligibilitySentence, type Eligibility } from '../../contract/index.ts';
import type { CertificateConfig } from '../certificates/config.ts';
import type { Db } from '../db/connect.ts';
import { createCertificateRepository } from '../repositories/certificates.ts';

/**
 * Whether a student has earned the certificate of their batch (decision record 052): every lesson of the
 * program complete, attendance at least CERTIFICATE_MIN_ATTENDANCE percent of the batch's held sessions
 * (those that started by now), and every assignment of the batch graded at least CERTIFICATE_PASS_PERCENT
 * of its marks. Marks compare in integers (marks × 100 ≥ pass × max); attendance as present × 100 / held,
 * a division that is exact at the threshold (3 of 4 is exactly 75), so exactly 75% and exactly 40% pass.
 */

/**
 * The student's attendance in the batch as a percentage: held sessions (starts_at ≤ now) with the student
 * marked present, of the batch's held sessions; 0 when none was held. (Attendance, built in parallel,
 * exports one with this signature from services/attendance.ts; the merger switches to it.)
 */
async function attendancePercentage(db: Db, studentId: number, batchId: number, now: number): Promise<number> {
  const { held, present } = await attendanceCounts(db, studentId, batchId, now);
  return held === 0 ? 0 : asPercent(present, held);
}

/** `part` of `whole` as a percentage (attendance, marks: never money). */
const asPercent = (part: number, whole: number) => (part * 100) / whole;
/** Whether `part` is at least `percent` of `whole`, compared in integers: exactly the threshold passes. */
const reaches = (part: number, whole: number, percent: number) => part * 100 >= percent * whole;

async function attendanceCounts(db: Db, studentId: number, batchId: number, now: number) {
  const sessions = await createCertificateRepository(db).heldSessions(studentId, batchId, new Date(now).toISOString());
  return { held: sessions.length, present: sessions.filter((s) => Number(s.present) === 1).length };
}

/** The rules of one student in one batch of a program, met or not, with the sentence naming those unmet. */
export async function certificateEligibility(
  db: Db,
  rules: CertificateConfig,
  who: { studentId: number; programId: number; batchId: number },
  now: number,
): Promise<Eligibility> {
  const repository = createCertificateRepository(db);
  const lessons = await repository.lessons(who.studentId, who.programId);
  const done = lessons.filter((l) => l.done !== null).length;

  const { held } = await attendanceCounts(db, who.studentId, who.batchId, now);
  const percentage = await attendancePercentage(db, who.studentId, who.batchId, now);
  // Nothing held yet: nothing to attend, so the rule is met.
  const attendanceMet = held === 0 || percentage >= rules.minAttendancePercent;

  const assignments = await repository.assignments(who.studentId, who.batchId);
  const notGraded = assignments.filter((a) => a.marks === null).map((a) => a.title);
  const belowPass = assignments
    .filter((a) => a.marks !== null && !reaches(Number(a.marks), a.max_marks, rules.passPercent))
    .map((a) => a.title);

  const result = {
    lessons: { done, total: lessons.length, met: done === lessons.length },
    attendance: {
      percentage: held === 0 ? 100 : percentage,
      required: rules.minAttendancePercent,
      held_sessions: held,
      met: attendanceMet,
    },
    assignments: {
      total: assignments.length,
      pass_percent: rules.passPercent,
      not_graded: notGraded,
      below_pass: belowPass,
      met: notGraded.length === 0 && belowPass.length === 0,
    },
  };
  const summary = eligibilitySentence(result);
  return { eligible: summary === null, summary, ...result };
}
