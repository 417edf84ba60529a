import { attendanceRule, eligibilitySentence, type Eligibility } from '../../../contract/index.ts';
import type { CertificateConfig } from './config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { heldAndAttended } from '../teaching/index.ts';
import { certificateTests } from '../assessments/index.ts';
import { createCertificateRepository } from './repository.ts';

/**
 * Whether a student has earned the certificate of their batch (decision record 052): every lesson of the
 * program complete, attendance at least CERTIFICATE_MIN_ATTENDANCE percent of the batch's held sessions
 * (those that started by now), and every assignment of the batch graded at least CERTIFICATE_PASS_PERCENT
 * of its marks, and a passed attempt of every test of the batch (or of its program) that is a certificate rule
 * (decision record 071's addendum, counted once its result is published). The first two compare in integers (part × 100 ≥ percent × whole), so exactly 75% and exactly 40%
 * pass; attendance counts come from the attendance repository (decision record 050). The housekeeping pass's
 * candidates (`endedWithoutCertificate` in repository.ts) are the students who meet the lesson rule: a change to
 * that rule changes the query too (tests/api/certificates-erasure-numbers.test.ts compares the two).
 */

/** Whether `part` is at least `percent` of `whole`, compared in integers: exactly the threshold passes. */
const reaches = (part: number, whole: number, percent: number) => part * 100 >= percent * whole;

/** Held sessions and those attended: the attendance repository's count, the one the course page shows. */
const attendanceCounts = (db: Db, studentId: number, batchId: number, now: number) =>
  heldAndAttended(db, studentId, batchId, new Date(now).toISOString());

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

  const { held, attended } = await attendanceCounts(db, who.studentId, who.batchId, now);
  // Nothing held yet: nothing to attend, so the rule is met. The threshold compares in integers (3 of 4
  // is exactly 75); the percentage shown is the course page's (attendanceRule, whole numbers).
  const attendanceMet = held === 0 || reaches(attended, held, rules.minAttendancePercent);

  const assignments = await repository.assignments(who.studentId, who.batchId);
  const notGraded = assignments.filter((a) => a.marks === null).map((a) => a.title);
  const belowPass = assignments
    .filter((a) => a.marks !== null && !reaches(Number(a.marks), a.max_marks, rules.passPercent))
    .map((a) => a.title);

  const result = {
    lessons: { done, total: lessons.length, met: done === lessons.length },
    attendance: {
      percentage: attendanceRule(attended, held) ?? 100,
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
    tests: await certificateTests(db, who, now),
  };
  const summary = eligibilitySentence(result);
  return { eligible: summary === null, summary, ...result };
}
