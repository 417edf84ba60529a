import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import type { AdminUser } from '../../../../contract/index.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminMachines } from '../types.ts';

/**
 * In a user's View dialog: email the account's owner a single-use password reset link (the action
 * machine: idle, running, done or failed; the server's words are shown either way).
 */
export function SendPasswordReset({ user, machines }: { user: AdminUser; machines: AdminMachines }) {
  const logic = useMemo(() => machines.passwordResetFor!(user.id), [machines, user.id]);
  const [snapshot, send] = useMachine(logic, { input: {} });
  const running = snapshot.hasTag('busy');
  return (
    <div className="send-reset">
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
      {snapshot.context.output && !snapshot.context.error ? (
        <Notice kind="success">{snapshot.context.output}</Notice>
      ) : null}
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => send({ type: 'action.run' })}
        disabled={running}
      >
        {running ? 'Sending...' : 'Send password reset link'}
      </button>
    </div>
  );
}
