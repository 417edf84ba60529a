import { fromPromise } from 'xstate';
import type { ConfirmationAnswerInput, ConfirmationView, PlacementSummary } from '../../../contract/placement.ts';
import type { z } from 'zod';
import { createActionMachine } from '../../../machines/action.machine.ts';
import { loaderOf } from './lists.ts';

/**
 * The placement figures, loaded for the home, placement and programs pages when the server did not embed
 * them (a client-side visit). The fetcher and its schema load only then: the home page's first chunk
 * stays without zod (decision record 058).
 */
export const placementSummaryLoader = loaderOf<PlacementSummary>(async () =>
  (await import('../../features/marketing/api/placement-api.ts')).fetchPlacementSummary(),
);

type Answer = Omit<z.input<typeof ConfirmationAnswerInput>, 'token'>;
const placementApi = () => import('../../features/marketing/api/placement-api.ts');

/**
 * An employer's confirmation link (`/placement/confirm#token=…`): one action reads what the link shows,
 * one sends the answer the employer chose (the form's values, `choose` before `action.run`).
 */
export function offerConfirmation(token: string) {
  let answer: Answer = { decision: 'confirm' };
  return {
    view: createActionMachine<ConfirmationView>().provide({
      actors: { run: fromPromise(async () => (await placementApi()).viewConfirmation(token)) },
    }),
    answer: createActionMachine<{ message: string }>().provide({
      actors: { run: fromPromise(async () => (await placementApi()).answerConfirmation({ token, ...answer })) },
    }),
    choose: (values: Answer) => {
      answer = values;
    },
  };
}
