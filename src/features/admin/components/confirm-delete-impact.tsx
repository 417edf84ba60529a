import { useMachine } from '@xstate/react';
import { DELETE_IMPACT_TEXTS, MESSAGES } from '../../../../contract/index.ts';
import { RetryNotice } from '../../../components/notice.tsx';
import { ConfirmDeleteFooter } from '../../../components/confirm-delete-footer.tsx';
import type { ConfirmDeleteProps } from '../tabs/resource-types.ts';

/**
 * The Delete of a session, a module, a lesson or a faculty member (decision record 085): what the delete
 * takes with it is read first (`impactPath`, GET …/impact/) and listed under the spec's question: the item,
 * then each thing that goes or changes with it (students' attendance marks, lesson completions and
 * questions, courses left without an instructor), or that nothing else does. Delete is offered once the
 * read is in; a failed read offers Try again, never the delete. Without the loader (an admin page composed
 * without it), the spec's plain question.
 */
export function confirmDeleteWithImpact(impactPath: (id: number) => string) {
  return function ConfirmDeleteWithImpact(props: ConfirmDeleteProps) {
    return props.machines.deleteImpact ? (
      <WithImpact {...props} path={impactPath(props.item.id)} />
    ) : (
      <>
        <p>{MESSAGES.deleteConfirm}</p>
        <ConfirmDeleteFooter {...props} />
      </>
    );
  };
}

function WithImpact(props: ConfirmDeleteProps & { path: string }) {
  const [snapshot, send] = useMachine(props.machines.deleteImpact!, { input: { params: { path: props.path } } });
  const impact = snapshot.matches('loaded') ? snapshot.context.data : null;
  return (
    <>
      {impact ? <p>{impact.item}</p> : null}
      <p>{MESSAGES.deleteConfirm}</p>
      {snapshot.matches('loading') ? <p role="status">{DELETE_IMPACT_TEXTS.reading}</p> : null}
      {snapshot.matches('failed') ? (
        <RetryNotice error={snapshot.context.error} onRetry={() => send({ type: 'loader.reload' })} />
      ) : null}
      {impact && impact.touches.length > 0 ? (
        <ul aria-label="What goes with it">
          {impact.touches.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      ) : null}
      {impact && impact.touches.length === 0 ? <p>{DELETE_IMPACT_TEXTS.nothingElse}</p> : null}
      <ConfirmDeleteFooter {...props} offered={impact !== null} />
    </>
  );
}
