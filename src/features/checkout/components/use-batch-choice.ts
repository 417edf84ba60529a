import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Batch } from '../../../../contract/index.ts';
import type { BatchChoiceLogic } from '../../../../machines/batch-choice.machine.ts';

const NO_BATCHES: Batch[] = [];

/**
 * What the page shows of the batch choice the checkout machine runs as its child (none for a workshop, or
 * before the course is loaded), and the choice sent to it. The checkout machine keeps the batch chosen.
 */
export function useBatchChoice(ref: ActorRefFrom<BatchChoiceLogic> | undefined) {
  const offered = useSelector(ref, (s) => s !== undefined && (s.matches('choosing') || s.matches('chosen')));
  const batches = useSelector(ref, (s) => s?.context.batches ?? NO_BATCHES);
  const chosen = useSelector(ref, (s) => s?.context.chosen ?? null);
  return { offered, batches, chosen, choose: (batchId: number) => ref?.send({ type: 'batch.choose', batchId }) };
}
