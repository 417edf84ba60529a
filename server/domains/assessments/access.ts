import { ASSESSMENT_MESSAGES as M } from '../../../contract/assessments.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { EnrollmentRow, UserRow } from '../../platform/db/schema.ts';
import { HttpError, notAuthenticated, notFound, tokenInvalid } from '../../platform/lib/errors.ts';
import { givesAccess } from '../enrollments/service.ts';
import { assertInstructor, enrollmentSuspended } from '../lessons/index.ts';
import { assessmentRepository } from './repository.ts';
import type { StartRead } from './start-repository.ts';
import type { AttemptRow } from './tables.ts';

/**
 * Who may do what with assessments (decision record 071), the one place it is decided. Staff: an
 * administrator manages everything; an instructor the questions and tests of the programs they teach a
 * batch of (course-access.ts's rule), and uses the shared bank, which only administrators change.
 * Students: a test of a program they are an active student of, for their batch (or every batch); their
 * own attempts only. Anything else is 404 to a student (a test of another batch is not theirs to know).
 */

/** The programs the caller manages: null for an administrator (all). 401/403 for others. */
export async function managedPrograms(db: Db, user: UserRow | null): Promise<number[] | null> {
  const caller = assertInstructor(user);
  return caller.role === 'admin' ? null : assessmentRepository(db).taughtPrograms(caller.id);
}

/** The caller may change this program's questions and tests (a null program: the shared bank). */
export async function assertManages(db: Db, user: UserRow | null, programId: number | null): Promise<UserRow> {
  const caller = assertInstructor(user);
  if (caller.role === 'admin') return caller;
  if (programId === null) throw new HttpError(403, M.sharedBankAdmins);
  const programs = await assessmentRepository(db).taughtPrograms(caller.id);
  if (!programs.includes(programId)) throw new HttpError(403, M.notYourProgram);
  return caller;
}

/** The caller may read a question: staff who manage its program; the shared bank for every instructor. */
export async function assertReadsQuestion(db: Db, user: UserRow | null, programId: number | null): Promise<UserRow> {
  const caller = assertInstructor(user);
  if (programId === null) return caller;
  return assertManages(db, caller, programId);
}

/**
 * A test a student may take and see: an active student of its program (isActiveStudent's rule: the enrollment
 * gives access and no unpaid instalment pauses it), of its batch when it names one. Decided on a start's read
 * (start-repository.ts), which brought the caller's enrollment with the test, and answers that read; anonymous
 * callers were refused (401) before it. 404 for a test that is not the caller's; 403 with the unpaid instalment's
 * due date when an instalment pauses the enrollment (the test is listed for them, so they learn why it does not
 * start). The read proves the caller's account too (decision record 103): 401 when it may not act.
 */
export async function assertStudentOfStart(db: Db, read: StartRead | undefined): Promise<StartRead> {
  if (read && !read.account_active) throw tokenInvalid();
  if (!read || read.enrollment_id === null) throw notFound();
  const enrollment = {
    is_active: read.enrollment_is_active as EnrollmentRow['is_active'],
    status: read.enrollment_status as EnrollmentRow['status'],
  };
  if (!givesAccess(enrollment)) throw notFound();
  if (read.batch_id !== null && read.enrollment_batch_id !== read.batch_id) throw notFound();
  if (read.enrollment_paused) {
    const paused = await enrollmentSuspended(db, read.enrollment_id);
    // Paid between the two reads: the pause is over, and the start goes on.
    if (paused) throw new HttpError(403, M.paused(paused.due_on));
  }
  return read;
}

/** The caller's own attempt (someone else's is 404, like one that does not exist). */
export function assertOwnAttempt(user: Pick<UserRow, 'id'> | null, attempt: AttemptRow | undefined): AttemptRow {
  if (!user) throw notAuthenticated();
  if (!attempt || attempt.student_id !== user.id) throw notFound();
  return attempt;
}
