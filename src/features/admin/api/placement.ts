import { z } from 'zod';
import {
  ApiError,
  Application,
  Offer,
  OPENING_PATHS,
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS,
  type StageInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { refusalAt } from '../tabs/form-values.ts';

/** The office's placement calls beyond the generic tab's (decision records 070 and 078). */

/**
 * The Offers tab's save: Add records an offer (POST); Verify or reject posts the decision with its note
 * (the server asks a step-up first: the API client asks it, then retries).
 */
export async function saveOffer(mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  if (mode === 'add' || !item) return recordOffer(values);
  const { decision, note } = values as { decision: 'verify' | 'reject'; note: string };
  const path = decision === 'verify' ? PLACEMENT_PATHS.verifyOffer(item.id) : PLACEMENT_PATHS.rejectOffer(item.id);
  return refusalAt('note', api.send('POST', path, { note }));
}

/**
 * Add records an offer for a student: as JSON, or with the offer letter chosen as a form through the one
 * upload (a PDF the server reads by its bytes; another type comes back at the letter's field).
 */
function recordOffer(values: Record<string, unknown>) {
  const { offer_letter, ...rest } = values;
  if (!(offer_letter instanceof File)) return api.send('POST', PLACEMENT_PATHS.offers, rest);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(rest))
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') fields[name] = String(value);
  return api.upload(PLACEMENT_PATHS.offers, { fields, files: { offer_letter } }, Offer);
}

/** Emails the employer's single-use confirmation link to an HR contact; answers the sentence to show. */
export async function requestOfferConfirmation(offerId: number, email: string): Promise<string> {
  const sent = await api.post(
    PLACEMENT_PATHS.requestConfirmation(offerId),
    { contact_email: email },
    z.object({ sent_to: z.string(), expires_at: z.string() }),
  );
  return `Confirmation link sent to ${sent.sent_to}. It can be used once, within 24 hours.`;
}

/** The Employers tab's save: a refusal in one sentence is shown at the field it is about. */
export function saveEmployer(mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  const save =
    mode === 'add' || !item
      ? api.send('POST', PLACEMENT_PATHS.employers, values)
      : api.send('PATCH', PLACEMENT_PATHS.employer(item.id), values);
  return refusalAt(values.is_partner && values.partner_reason !== undefined ? 'partner_reason' : 'name', save).catch(
    (error: unknown) => {
      // The name's refusal (another employer has it) stays at the name whatever else was ticked.
      const message = error instanceof ApiError ? error.fieldErrors.partner_reason : undefined;
      if (message === PLACEMENT_MESSAGES.employerTaken) throw new ApiError(400, { name: [message] });
      throw error;
    },
  );
}

/** An opening's applications, for the office (decision record 078). */
export const fetchOpeningApplications = (openingId: number) =>
  api.get(OPENING_PATHS.openingApplications(openingId), z.array(Application));

/** Moves an application to a stage; the answer is the application as saved (the student is emailed). */
export const saveApplicationStage = (id: number, values: z.output<typeof StageInput>) =>
  api.post(OPENING_PATHS.stage(id), values, Application);
