import { z } from 'zod';
import { ApiError, Batch, DELIVERY_API, EnrollmentBatchInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The admin panel's course delivery calls besides the lists: an enrollment's batch, a module's or lesson's place. */

/** Every batch of a program (open or not), for an enrollment's Move to batch dialog. */
export function fetchProgramBatches(programId: number): Promise<Batch[]> {
  return api.get(DELIVERY_API.adminBatches, z.array(Batch), { course: programId });
}

/**
 * Moves an enrollment to another batch of its program. A refusal in one sentence (a full batch) comes back
 * as the batch field's message, so the dialog shows it next to the choice.
 */
export async function moveEnrollmentBatch(enrollmentId: number, input: z.input<typeof EnrollmentBatchInput>) {
  try {
    return await api.send('POST', DELIVERY_API.adminEnrollmentBatch(enrollmentId), input);
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { error?: unknown; detail?: unknown } | null) : null;
    const sentence = body?.error ?? body?.detail;
    if (error instanceof ApiError && error.status === 400 && typeof sentence === 'string')
      throw new ApiError(error.status, { batch: [sentence] });
    throw error;
  }
}

/** A module's or lesson's new place among its siblings (PATCH of `position`, 0 first). */
export function moveToPosition(path: string, position: number): Promise<unknown> {
  return api.send('PATCH', path, { position });
}
