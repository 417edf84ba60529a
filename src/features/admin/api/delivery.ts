import { z } from 'zod';
import { Batch, DELIVERY_PATHS } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The admin panel's course delivery calls besides the lists: a program's batches, a module's or lesson's place. */

/** Every batch of a program (open or not), for an enrollment's Move to batch dialog. */
export function fetchProgramBatches(programId: number): Promise<Batch[]> {
  return api.get(DELIVERY_PATHS.adminBatches, z.array(Batch), { course: programId });
}

/** A module's or lesson's new place among its siblings (PATCH of `position`, 0 first). */
export function moveToPosition(path: string, position: number): Promise<unknown> {
  return api.send('PATCH', path, { position });
}
