import { useMachine } from '@xstate/react';
import { MESSAGES, type Opening } from '../../../../contract/index.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import type { AdminMachines } from '../types.ts';
import { ApplicationStageRow } from './application-stage-row.tsx';

/**
 * An opening's Applications (decision record 078): who applied (name, email, résumé, the day), each stage
 * as a person reads it, and Move stage per application (the application-stage machine; the row shows what
 * the server saved).
 */
export function OpeningApplications({ opening, machines }: { opening: Opening; machines: AdminMachines }) {
  const [snapshot, send] = useMachine(machines.openingApplications!, {
    input: { params: { opening: opening.id }, failureText: MESSAGES.adminLoadFailed },
  });
  const data = snapshot.context.data;
  const caption = `Applications to ${opening.title}, ${opening.employer_name}`;
  return (
    <ListStatus
      loading={data === null && snapshot.matches('loading')}
      loadingText="Loading the applications..."
      error={snapshot.matches('failed') ? snapshot.context.error : null}
      onRetry={() => send({ type: 'loader.reload' })}
      empty={data !== null && data.length === 0}
      emptyText="No one has applied to this opening yet."
    >
      {/* The scroll area is focusable so keyboard users can scroll it too (as ScrollTable's). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="scroll-area" tabIndex={0} role="region" aria-label={caption}>
        <table className="table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Email</th>
              <th scope="col">Résumé</th>
              <th scope="col">Applied</th>
              <th scope="col">Stage</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          {(data ?? []).map((a) => (
            <ApplicationStageRow key={a.id} application={a} machines={machines} />
          ))}
        </table>
      </div>
    </ListStatus>
  );
}
