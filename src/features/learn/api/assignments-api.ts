import { ASSIGNMENT_PATHS, Submission } from '../../../../contract/index.ts';
import type { SubmitAssignmentInput } from '../../../../machines/assignment-submission.machine.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /classroom/assignments/{id}/submission/ as multipart (text and/or the chosen file), through the one
 * API client's upload: an expired access token is refreshed and the form sent again, as every call.
 */
export function submitAssignment(input: SubmitAssignmentInput): Promise<Submission> {
  return api.upload(
    ASSIGNMENT_PATHS.submit(input.assignmentId),
    { fields: input.text.trim() ? { text: input.text } : {}, files: { file: input.file as File | null } },
    Submission,
  );
}
