import { Batch, DELIVERY_PATHS } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /classroom/programs/{id}/batches/: the program's open batches, soonest first. */
export const fetchProgramBatches = (programId: number) => api.list(DELIVERY_PATHS.programBatches(programId), Batch);
