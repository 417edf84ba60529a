import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { AdminUser } from '../../../../contract/index.ts';
import { Modal } from '../../../components/modal.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminMachines } from '../types.ts';
import { ActiveEnrollments, UnpaidInstalments } from './impact-lists.tsx';

/**
 * A user's Deactivate (or Reactivate) in their View (decision 077), on a confirmed action machine: the
 * person's active enrollments and unpaid instalments are read and listed first, and only the dialog's
 * button changes the account. A deactivated account cannot sign in; its enrollments and schedule stay.
 */
export function UserAccess({ user, machines }: { user: AdminUser; machines: AdminMachines }) {
  const deactivate = user.is_active;
  const [changed, setChanged] = useState(false);
  const [logic] = useState(() => machines.accessFor!(user.id, !deactivate, () => setChanged(true)));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const cancel = () => send({ type: 'confirm.cancel' });
  const { impact, error } = snapshot.context;
  const running = snapshot.matches('running');
  const verb = deactivate ? 'Deactivate' : 'Reactivate';
  if (changed) {
    return (
      <Notice kind="success">
        {deactivate
          ? `${user.username} is deactivated: they can no longer sign in.`
          : `${user.username} can sign in again.`}
      </Notice>
    );
  }
  return (
    <span>
      <button
        type="button"
        className={deactivate ? 'btn btn-danger btn-small' : 'btn btn-outline btn-small'}
        onClick={() => send({ type: 'confirm.ask' })}
      >
        {verb}
      </button>
      {snapshot.hasTag('open') ? (
        <Modal title={`${verb} ${user.username}?`} onClose={cancel} size="small" role="alertdialog">
          {snapshot.matches('reading') ? <p role="status">Reading what this touches...</p> : null}
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
                {deactivate
                  ? 'They can no longer sign in, and every login they have ends. Their enrollments and payments stay on record.'
                  : 'They can sign in again with their password.'}
              </p>
              <ActiveEnrollments enrollments={impact.active_enrollments} />
              <UnpaidInstalments
                unpaid={impact.unpaid_instalments}
                totalPaise={impact.unpaid_total_paise}
                consequence={
                  deactivate
                    ? 'stays due, but they cannot sign in to pay it until reactivated.'
                    : 'is theirs to pay once they sign in.'
                }
              />
            </>
          ) : null}
          {snapshot.matches('failed') && error ? <FormError>{error}</FormError> : null}
          <footer>
            <button type="button" className="btn btn-outline" onClick={cancel} disabled={running} data-autofocus>
              Cancel
            </button>
            {snapshot.matches('confirming') || running || snapshot.matches('failed') ? (
              <button
                type="button"
                className={deactivate ? 'btn btn-danger' : 'btn btn-primary'}
                onClick={() => send({ type: 'confirm.yes' })}
                disabled={running}
              >
                {running ? `${verb.replace(/e$/, '')}ing...` : `${verb} ${user.username}`}
              </button>
            ) : null}
          </footer>
        </Modal>
      ) : null}
    </span>
  );
}
