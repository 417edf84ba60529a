import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { batchChoiceMachine, type BatchChoiceLogic } from '../../../../machines/batch-choice.machine.ts';

/**
 * The checkout's batch choice, from the batch-choice machine the page is given; without one (a view test
 * of the form alone) nothing is asked. `missing`: a choice is required and none is made yet. `kept`: the
 * batch submitted before the gateway's page, chosen again once the batches are read.
 */
export function useBatchChoice(
  logic: BatchChoiceLogic | undefined,
  courseType: string,
  courseId: string,
  kept?: number | null,
) {
  // Without logic the machine stays in `none` (a workshop input never loads anything).
  const [snapshot, send] = useMachine(logic ?? batchChoiceMachine, {
    input: logic ? { courseType, courseId } : { courseType: 'workshop', courseId },
  });
  const offered = snapshot.matches('choosing') || snapshot.matches('chosen');
  const restored = useRef(false);
  useEffect(() => {
    if (!offered || restored.current) return;
    restored.current = true;
    if (kept && snapshot.context.chosen === null) send({ type: 'batch.choose', batchId: kept });
  }, [offered, kept, snapshot.context.chosen, send]);
  return {
    offered,
    batches: snapshot.context.batches,
    chosen: snapshot.context.chosen,
    error: snapshot.context.error,
    missing: snapshot.matches('choosing') || snapshot.matches('loading'),
    choose: (batchId: number) => send({ type: 'batch.choose', batchId }),
    require: () => send({ type: 'batch.require' }),
  };
}
