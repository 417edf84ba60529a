import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { Application } from '../../../../contract/index.ts';
import { Modal } from '../../../components/modal.tsx';
import { FormError } from '../../../components/notice.tsx';
import type { OpeningsMachines } from '../types.ts';

/**
 * Withdraw an application still in progress (decision record 078), on a confirmed action machine: the
 * dialog says what withdrawing means (final: no second application to the same opening), and only its
 * button withdraws; a refusal stays in the dialog in the server's words.
 */
export function WithdrawApplication({
  application: a,
  machines,
  onDone,
}: {
  application: Application;
  machines: OpeningsMachines;
  onDone: () => void;
}) {
  const [logic] = useState(() => machines.withdrawFor(a, onDone));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const cancel = () => send({ type: 'confirm.cancel' });
  const running = snapshot.matches('running');
  const name = `${a.opening_title}, ${a.employer_name}`;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => send({ type: 'confirm.ask' })}
        aria-label={`Withdraw: ${name}`}
      >
        Withdraw
      </button>
      {snapshot.hasTag('open') ? (
        <Modal title={`Withdraw your application to ${name}?`} onClose={cancel} size="small" role="alertdialog">
          <p>
            The placement office will see it withdrawn and move it no further. You cannot apply to this opening again.
          </p>
          {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
          <footer>
            <button type="button" className="btn btn-outline" onClick={cancel} disabled={running} data-autofocus>
              Keep my application
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => send({ type: 'confirm.yes' })}
              disabled={running || snapshot.matches('reading')}
            >
              {running ? 'Withdrawing...' : 'Withdraw application'}
            </button>
          </footer>
        </Modal>
      ) : null}
    </>
  );
}
