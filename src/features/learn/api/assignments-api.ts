import { ASSIGNMENTS_API, Submission } from '../../../../contract/index.ts';
import type { SubmitAssignmentInput } from '../../../../machines/assignment-submission.machine.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /classroom/assignments/{id}/submission/ as multipart (text and/or the chosen file), through the one
 * API client: an expired access token is refreshed and the form sent again, as every call.
 */
export async function submitAssignment(input: SubmitAssignmentInput): Promise<Submission> {
  const body = new FormData();
  if (input.text.trim()) body.append('text', input.text);
  if (input.file) body.append('file', input.file as File);
  return api.post(ASSIGNMENTS_API.submit(input.assignmentId), body, Submission);
}
