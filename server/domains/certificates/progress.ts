import type { Course } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { EnrollmentRow, UserRow } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { toBatch } from '../batches/service.ts';
import { meetingWindow, programOutline, visibleMeetingUrl } from '../lessons/index.ts';
import { batchProgram, batchSessions, findBatch, toSession } from '../batches/index.ts';
import { progressOf } from '../../../contract/delivery.ts';
import type { Config } from '../../config.ts';
import { certificateEligibility } from './eligibility.ts';
import { certificateOfEnrollment, certificateRef } from './service.ts';
import { attendancePercentage, courseAssignments, studentAttendance } from '../teaching/index.ts';

/** The certificate of the enrollment (decision record 052) and, without one, the rules toward it. */
async function certificateView(
  db: Db,
  config: Pick<Config, 'certificates' | 'publicUrl'>,
  enrollment: EnrollmentRow,
  now: number,
): Promise<Pick<Course, 'certificate' | 'eligibility'>> {
  const row = await certificateOfEnrollment(db, enrollment.id);
  const certificate = row && row.status === 'valid' ? certificateRef(config, row) : null;
  if (!enrollment.batch_id) return { certificate, eligibility: null };
  const eligibility = await certificateEligibility(
    db,
    config.certificates,
    { studentId: enrollment.student_id, programId: enrollment.course_id, batchId: enrollment.batch_id },
    now,
  );
  return { certificate, eligibility };
}

/** GET /classroom/enrollments/{id}/course/ for the enrollment's own (active) student. */
export async function courseAnswer(
  db: Db,
  user: UserRow,
  enrollment: EnrollmentRow,
  calendarUrl: string,
  now: number,
  config: Pick<Config, 'certificates' | 'publicUrl'>,
): Promise<Course> {
  const program = await batchProgram(db, enrollment.course_id);
  if (!program) throw notFound();
  const batch = enrollment.batch_id ? await findBatch(db, enrollment.batch_id) : undefined;
  const sessionRows = batch ? await batchSessions(db, batch.id) : [];
  // The course page is its own active student's: they belong to their batch.
  const sessions = sessionRows.map((s) => toSession(s, visibleMeetingUrl(s, true, now)));
  const nextIndex = sessionRows.findIndex((s) => meetingWindow(s).closes > now);
  const outline = await programOutline(db, program.id, user.id);
  return {
    enrollment_id: enrollment.id,
    program: { id: program.id, title: program.title },
    batch: batch ? toBatch(batch) : null,
    next_session: nextIndex >= 0 ? sessions[nextIndex]! : null,
    sessions,
    modules: outline.modules,
    progress_percentage: progressOf(outline.completedCount, outline.lessonCount),
    calendar_url: calendarUrl,
    ...(await certificateView(db, config, enrollment, now)),
    // The student's own attendance (decision record 050).
    attendance: batch ? await studentAttendance(db, user.id, batch.id) : [],
    attendance_percentage: batch ? await attendancePercentage(db, user.id, batch.id, now) : null,
    assignments: batch ? await courseAssignments(db, batch.id, user.id) : [],
  };
}
