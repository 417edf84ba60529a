import { z } from 'zod';
import { Offer, PLACEMENT_PATHS, StudentPlacementBatch, type StudentOfferInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** The student's placement section (decision record 078): their program batches and their offers. */
export type StudentPlacement = { batches: StudentPlacementBatch[]; offers: Offer[] };

export async function fetchStudentPlacement(): Promise<StudentPlacement> {
  const [batches, offers] = await Promise.all([
    api.get(PLACEMENT_PATHS.studentBatches, z.array(StudentPlacementBatch)),
    api.get(PLACEMENT_PATHS.studentOffers, z.array(Offer)),
  ]);
  return { batches, offers };
}

/** Report an offer: it starts claimed and counts in no figure until verified. */
export const reportOffer = (input: z.output<typeof StudentOfferInput>) =>
  api.post(PLACEMENT_PATHS.studentOffers, input, Offer);

/** Opt out of placement for one batch, or back in (the section reloads to show it). */
export async function setPlacementOptOut(batch: number, optOut: boolean): Promise<void> {
  await api.send('PATCH', PLACEMENT_PATHS.studentBatch(batch), { opt_out: optOut });
}
