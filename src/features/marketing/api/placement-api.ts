import { z } from 'zod';
import {
  ConfirmationView,
  PLACEMENT_PATHS,
  PlacementSummary,
  type ConfirmationAnswerInput,
} from '../../../../contract/placement.ts';
import { api } from '../../../lib/api-client.ts';

/** The placement record's figures (decision record 070): every public figure reads them from here. */
export const fetchPlacementSummary = () => api.get(PLACEMENT_PATHS.summary, PlacementSummary);

/** What an employer's confirmation link shows (the token posted, never put in a URL). */
export const viewConfirmation = (token: string) => api.post(PLACEMENT_PATHS.confirmation, { token }, ConfirmationView);

/** The employer's answer. */
export const answerConfirmation = (answer: z.input<typeof ConfirmationAnswerInput>) =>
  api.post(PLACEMENT_PATHS.confirmationAnswer, answer, z.object({ message: z.string() }));
