import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { UserImpact } from '../../../../contract/index.ts';
import { Modal } from '../../../components/modal.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { ActiveEnrollments, UnpaidInstalments } from './impact-lists.tsx';
import type { AdminMachines } from '../types.ts';

type Props = {
  commands: NonNullable<AdminMachines['privacy']>;
  requestId: number;
  userId: number;
  username: string;
  onDone: () => void;
};

/** What erasing the person touches, as the confirmation lists it. */
function ImpactList({ impact }: { impact: UserImpact }) {
  return (
    <>
      <ActiveEnrollments enrollments={impact.active_enrollments} />
      <UnpaidInstalments
        unpaid={impact.unpaid_instalments}
        totalPaise={impact.unpaid_total_paise}
        consequence="will not be collected: the account closes, so no reminder or payment link reaches them."
      />
    </>
  );
}

/**
 * The Privacy tab's Erase now (decision 068): a confirmation that first reads and lists what the erasure
 * touches (the person's active enrollments, unpaid instalments with amounts), and erases only on its
 * button. Driven by a confirmed action machine.
 */
export function EraseNow({ commands, requestId, userId, username, onDone }: Props) {
  const [logic] = useState(() => commands.eraseFor(requestId, userId, onDone));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const cancel = () => send({ type: 'confirm.cancel' });
  const { impact, error } = snapshot.context;
  const running = snapshot.matches('running');
  return (
    <span>
      <button type="button" className="btn btn-danger btn-small" onClick={() => send({ type: 'confirm.ask' })}>
        Erase now
      </button>
      {snapshot.hasTag('open') ? (
        <Modal title={`Erase ${username}'s data?`} onClose={cancel} size="small" role="alertdialog">
          {snapshot.matches('reading') ? <p role="status">Reading what this erasure touches...</p> : null}
          {snapshot.matches('readFailed') ? (
            <Notice kind="error">
              {error}{' '}
              <button type="button" className="btn btn-outline btn-small" onClick={() => send({ type: 'confirm.ask' })}>
                Try again
              </button>
            </Notice>
          ) : null}
          {impact && !snapshot.matches('reading') && !snapshot.matches('readFailed') ? (
            <>
              <p>
                Their name, email and phone are replaced, every login ends, and counseling notes and assignment
                submissions are deleted. Invoices stay. This cannot be undone.
              </p>
              <ImpactList impact={impact} />
            </>
          ) : null}
          {snapshot.matches('failed') && error ? <FormError>{error}</FormError> : null}
          <footer>
            <button type="button" className="btn btn-outline" onClick={cancel} disabled={running} data-autofocus>
              Cancel
            </button>
            {snapshot.matches('confirming') || snapshot.matches('running') || snapshot.matches('failed') ? (
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => send({ type: 'confirm.yes' })}
                disabled={running}
              >
                {running ? 'Erasing...' : `Erase ${username}'s data`}
              </button>
            ) : null}
          </footer>
        </Modal>
      ) : null}
    </span>
  );
}
