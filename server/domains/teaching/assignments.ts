import MarkdownIt from 'markdown-it';
import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  submissionState,
  type Assignment,
  type CourseAssignment,
  type Submission,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { AssignmentRow, BatchRow, SubmissionRow, UserRow } from '../../platform/db/schema.ts';
import { HttpError, notFound } from '../../platform/lib/errors.ts';
import { compose, type MailContext, type Rendered } from '../accounts/index.ts';
import { createAssignmentRepository } from './repositories/assignments.ts';
import { findBatch, formatIst } from '../batches/index.ts';
import { isActiveStudent } from '../lessons/index.ts';

/**
 * Assignments and submissions (decision record 051): answers, the submitter rule and the "graded" email
 * (the submitted files are in the one file store's `submissions/`). The instructor endpoints ask
 * course-access.ts's assertTeachesBatch.
 */

// HTML in the source is escaped (html: false) and links keep to markdown-it's safe schemes, as the policy
// pages and lessons render theirs.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function toAssignment(row: AssignmentRow): Assignment {
  return {
    id: row.id,
    batch: row.batch_id,
    title: row.title,
    instructions: row.instructions,
    instructions_html: markdown.render(row.instructions),
    due_at: row.due_at,
    max_marks: row.max_marks,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toSubmission(row: SubmissionRow): Submission {
  const graded = row.marks !== null;
  const submission = {
    id: row.id,
    assignment: row.assignment_id,
    student: row.student_id,
    text: row.text,
    file_name: row.file_name,
    file_type: row.file_type,
    file_size: row.file_size,
    file_url: row.file ? ASSIGNMENT_PATHS.submissionFile(row.id) : null,
    submitted_at: row.submitted_at,
    is_late: row.is_late === 1,
    marks: row.marks,
    feedback: graded ? row.feedback : '',
    graded_at: row.graded_at,
  };
  return { ...submission, state: submissionState(submission) };
}

/** Late when it arrives after the due time (at the due time itself it is on time). */
export const isLate = (dueAt: string, now: number) => now > Date.parse(dueAt);

/** The batch's assignments with the student's own submission state, for the course page. */
export async function courseAssignments(db: Db, batchId: number, studentId: number): Promise<CourseAssignment[]> {
  const repo = createAssignmentRepository(db);
  const own = new Map((await repo.studentSubmissions(batchId, studentId)).map((s) => [s.assignment_id, s]));
  return (await repo.ofBatch(batchId)).map((row) => {
    const mine = own.get(row.id);
    const submission = mine ? toSubmission(mine) : null;
    return { ...toAssignment(row), state: submission?.state ?? 'not_submitted', submission };
  });
}

export async function batchOr404(db: Db, id: number): Promise<BatchRow> {
  const batch = await findBatch(db, id);
  if (!batch) throw notFound();
  return batch;
}

/** An assignment and its batch (404 when either is gone). */
export async function assignmentOr404(db: Db, id: number): Promise<{ assignment: AssignmentRow; batch: BatchRow }> {
  const assignment = await createAssignmentRepository(db).find(id);
  if (!assignment) throw notFound();
  return { assignment, batch: await batchOr404(db, assignment.batch_id) };
}

/** Submitting is for an active student of the assignment's batch: anonymous 401, anyone else 403. */
export async function assertSubmitter(db: Db, user: UserRow | null, batch: BatchRow): Promise<UserRow> {
  if (!user) throw new HttpError(401, ASSIGNMENT_MESSAGES.loginRequired);
  const enrollment = await isActiveStudent(db, user, batch.course_id);
  if (enrollment?.batch_id !== batch.id) throw new HttpError(403, ASSIGNMENT_MESSAGES.notYourBatch);
  return user;
}

export type GradedDetails = {
  name: string;
  assignment: string;
  program: string;
  marks: number;
  maxMarks: number;
  feedback: string;
  regraded: boolean;
  dueAt: string;
  enrollmentId: number | null;
};

/** "Your assignment is graded": the marks, the feedback and where to see them. */
export function gradedEmail(ctx: MailContext, g: GradedDetails): Rendered {
  const where = g.enrollmentId ? `${ctx.publicUrl}/learn/${g.enrollmentId}` : `${ctx.publicUrl}/dashboard`;
  return compose(
    ctx,
    `${g.regraded ? 'Marks updated' : 'Graded'}: ${g.assignment} (${g.marks}/${g.maxMarks})`,
    `Dear ${g.name},`,
    [
      `Your submission of "${g.assignment}" (${g.program}, due ${formatIst(g.dueAt)}) ${g.regraded ? 'was graded again' : 'is graded'}: ${g.marks} of ${g.maxMarks} marks.`,
      ...(g.feedback.trim() ? [`Your instructor's feedback: ${g.feedback.trim()}`] : []),
      `See it on your course page: ${where}`,
    ],
  );
}
