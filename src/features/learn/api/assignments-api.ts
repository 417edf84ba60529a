import { API, ApiError, ASSIGNMENTS_API, Submission } from '../../../../contract/index.ts';
import type { SubmitAssignmentInput } from '../../../../machines/assignment-submission.machine.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/**
 * POST /classroom/assignments/{id}/submission/ as multipart (text and/or the chosen file). A cheap
 * authenticated read first lets the client refresh an expired access token, as an upload is not retried.
 */
export async function submitAssignment(input: SubmitAssignmentInput): Promise<Submission> {
  await api.send('GET', API.me);
  const body = new FormData();
  if (input.text.trim()) body.append('text', input.text);
  if (input.file) body.append('file', input.file as File);
  const access = tokenStore.getAccess();
  let response: Response;
  try {
    response = await fetch(ASSIGNMENTS_API.submit(input.assignmentId), {
      method: 'POST',
      headers: { Accept: 'application/json', ...(access ? { Authorization: `Bearer ${access}` } : {}) },
      body,
    });
  } catch (error) {
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* not JSON: keep the text */
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return Submission.parse(data);
}
