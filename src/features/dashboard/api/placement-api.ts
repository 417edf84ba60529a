import { z } from 'zod';
import {
  Offer,
  PLACEMENT_PATHS,
  StudentPlacementBatch,
  type OfferLetterForm,
  type StudentOfferForm,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The student's placement section (decision record 078): their program batches, their offers, and the
 * largest file an upload takes (UPLOAD_MAX_BYTES, from the app's configuration), shown beside the PDF inputs.
 */
export type StudentPlacement = { batches: StudentPlacementBatch[]; offers: Offer[]; uploadMaxBytes: number };

export async function fetchStudentPlacement(uploadMaxBytes: () => Promise<number>): Promise<StudentPlacement> {
  const [batches, offers, maxBytes] = await Promise.all([
    api.get(PLACEMENT_PATHS.studentBatches, z.array(StudentPlacementBatch)),
    api.get(PLACEMENT_PATHS.studentOffers, z.array(Offer)),
    uploadMaxBytes(),
  ]);
  return { batches, offers, uploadMaxBytes: maxBytes };
}

/** A form's values as text fields: the empty ones (no joining date, no employer id) left out. */
function textFields(values: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value);
  return fields;
}

/** Report an offer, with its letter when chosen (a form through the one upload); it starts claimed. */
export function reportOffer(input: z.output<typeof StudentOfferForm>): Promise<Offer> {
  const { offer_letter, ...values } = input;
  return api.upload(PLACEMENT_PATHS.studentOffers, { fields: textFields(values), files: { offer_letter } }, Offer);
}

/** Adds or replaces the letter of the student's claimed offer (a form through the one upload). */
export function attachOfferLetter(offerId: number, input: z.output<typeof OfferLetterForm>): Promise<Offer> {
  return api.upload(
    PLACEMENT_PATHS.offerLetter(offerId),
    { files: { offer_letter: input.offer_letter } },
    Offer,
    'PUT',
  );
}

/** Opt out of placement for one batch, or back in (the section reloads to show it). */
export async function setPlacementOptOut(batch: number, optOut: boolean): Promise<void> {
  await api.send('PATCH', PLACEMENT_PATHS.studentBatch(batch), { opt_out: optOut });
}
