import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Assignments of a batch and the students' submissions (decision record 051). */

export const ASSIGNMENTS_NAMED: Record<string, z.ZodType> = {
  Assignment: C.Assignment,
  InstructorAssignment: C.InstructorAssignment,
  Submission: C.Submission,
  SubmissionRoster: C.SubmissionRoster,
  AssignmentInput: C.AssignmentInput,
  AssignmentPatchInput: C.AssignmentPatch,
  GradeInput: C.GradeInput,
};

const A = C.ASSIGNMENT_PATHS;
const op = (o: Operation): Operation => o;
const TEACHERS = "the batch's instructor and administrators";

export const ASSIGNMENTS_OPERATIONS: Operation[] = [
  op({
    method: 'get',
    path: A.batchAssignments(),
    summary: `A batch's assignments, soonest due first, with how many submitted and are graded (${TEACHERS})`,
    tag: 'Assignments',
    access: 'user',
    responses: { 200: z.array(C.InstructorAssignment) },
    errors: [401, 403, 404],
  }),
  op({
    method: 'post',
    path: A.batchAssignments(),
    summary: `Create an assignment: title, instructions (Markdown), due_at, max_marks (${TEACHERS}; audited)`,
    tag: 'Assignments',
    access: 'user',
    body: C.AssignmentInput,
    responses: { 201: C.Assignment },
    errors: [400, 401, 403, 404],
  }),
  op({
    method: 'patch',
    path: A.assignment(),
    summary: `Change an assignment (${TEACHERS}; audited; max_marks not below marks given)`,
    tag: 'Assignments',
    access: 'user',
    body: C.AssignmentPatch,
    responses: { 200: C.Assignment },
    errors: [400, 401, 403, 404],
  }),
  op({
    method: 'delete',
    path: A.assignment(),
    summary: `Delete an assignment nobody has submitted (else 400) (${TEACHERS}; audited)`,
    tag: 'Assignments',
    access: 'user',
    responses: { 204: null },
    errors: [400, 401, 403, 404],
  }),
  op({
    method: 'get',
    path: A.assignmentSubmissions(),
    summary: `Every active student of the batch with their submission or null (${TEACHERS})`,
    tag: 'Assignments',
    access: 'user',
    responses: { 200: C.SubmissionRoster },
    errors: [401, 403, 404],
  }),
  op({
    method: 'post',
    path: A.grade(),
    summary: `Grade or regrade a submission: marks 0..max_marks, feedback (${TEACHERS}; audited; the student is emailed)`,
    tag: 'Assignments',
    access: 'user',
    body: C.GradeInput,
    responses: { 200: C.Submission },
    errors: [400, 401, 403, 404],
  }),
  op({
    method: 'post',
    path: A.submit(),
    summary:
      'Submit or resubmit (until graded) as a student of the batch: multipart, field text and/or one file (PDF, Office, CSV, PNG, JPEG, WebP read from the content; SUBMISSION_MAX_BYTES); late after due_at',
    tag: 'Assignments',
    access: 'user',
    upload: true,
    responses: { 200: C.Submission, 201: C.Submission },
    errors: [400, 401, 403, 404, 413, 415],
  }),
  op({
    method: 'get',
    path: A.submissionFile(),
    summary: "A submission's file as an attachment, to its student, the batch's instructor and administrators",
    tag: 'Assignments',
    access: 'user',
    responses: { 200: 'file' },
    errors: [401, 403, 404],
  }),
];
