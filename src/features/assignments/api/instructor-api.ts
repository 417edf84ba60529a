import { z } from 'zod';
import {
  Assignment,
  ASSIGNMENTS_API,
  InstructorAssignment,
  Submission,
  SubmissionRoster,
} from '../../../../contract/index.ts';
import type { SaveAssignmentInput } from '../../../../machines/assignment-list.machine.ts';
import type { SaveGradeInput } from '../../../../machines/grading.machine.ts';
import { api } from '../../../lib/api-client.ts';

/** The instructor's assignment calls (decision record 051). */

export const fetchBatchAssignments = (batchId: number) =>
  api.get(ASSIGNMENTS_API.batchAssignments(batchId), z.array(InstructorAssignment));

export async function saveAssignment(input: SaveAssignmentInput) {
  if (input.id === null) return api.post(ASSIGNMENTS_API.batchAssignments(input.batchId), input.body, Assignment);
  return Assignment.parse(await api.send('PATCH', ASSIGNMENTS_API.assignment(input.id), input.body));
}

export const deleteAssignment = (id: number) => api.delete(ASSIGNMENTS_API.assignment(id));

export const fetchRoster = (assignmentId: number) =>
  api.get(ASSIGNMENTS_API.assignmentSubmissions(assignmentId), SubmissionRoster);

export const saveGrade = (input: SaveGradeInput) =>
  api.post(ASSIGNMENTS_API.grade(input.submissionId), { marks: input.marks, feedback: input.feedback }, Submission);
