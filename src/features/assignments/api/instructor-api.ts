import { z } from 'zod';
import {
  Assignment,
  ASSIGNMENT_PATHS,
  InstructorAssignment,
  Submission,
  SubmissionRoster,
} from '../../../../contract/index.ts';
import type { SaveAssignmentInput } from '../../../../machines/assignment-list.machine.ts';
import type { SaveGradeInput } from '../../../../machines/grading.machine.ts';
import { api } from '../../../lib/api-client.ts';

/** The instructor's assignment calls (decision record 051). */

export const fetchBatchAssignments = (batchId: number) =>
  api.get(ASSIGNMENT_PATHS.batchAssignments(batchId), z.array(InstructorAssignment));

export async function saveAssignment(input: SaveAssignmentInput) {
  if (input.id === null) return api.post(ASSIGNMENT_PATHS.batchAssignments(input.batchId), input.body, Assignment);
  return Assignment.parse(await api.send('PATCH', ASSIGNMENT_PATHS.assignment(input.id), input.body));
}

export const deleteAssignment = (id: number) => api.delete(ASSIGNMENT_PATHS.assignment(id));

export const fetchRoster = (assignmentId: number) =>
  api.get(ASSIGNMENT_PATHS.assignmentSubmissions(assignmentId), SubmissionRoster);

export const saveGrade = (input: SaveGradeInput) =>
  api.post(ASSIGNMENT_PATHS.grade(input.submissionId), { marks: input.marks, feedback: input.feedback }, Submission);
