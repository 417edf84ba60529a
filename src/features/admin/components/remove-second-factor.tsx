import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { AdminMfaResetInput, MFA_MESSAGES, type AdminUser } from '../../../../contract/index.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import type { AdminMachines } from '../types.ts';

/**
 * In the View dialog of a user with a second factor: remove it (a lost phone), with the reason the audit
 * log keeps and the owner's email quotes. The server asks for the administrator's own fresh second-factor
 * check first (the step-up modal, then the same call again).
 */
export function RemoveSecondFactor({ user, machines }: { user: AdminUser; machines: AdminMachines }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <div className="remove-second-factor">
      <p>{MFA_MESSAGES.resetTouches}</p>
      <TextField
        label="Reason for removing the second factor"
        name="mfa_reset_reason"
        hint="Kept in the audit log and sent to the owner"
        value={reason}
        error={problem}
        onChange={(e) => setReason(e.target.value)}
      />
      {/* One action machine per reason (the call carries it); a new reason starts afresh. */}
      <RemoveButton key={reason} user={user} machines={machines} reason={reason} onProblem={setProblem} />
    </div>
  );
}

function RemoveButton({
  user,
  machines,
  reason,
  onProblem,
}: {
  user: AdminUser;
  machines: AdminMachines;
  reason: string;
  onProblem: (problem: string | undefined) => void;
}) {
  const [logic] = useState(() => machines.mfaResetFor!(user.id, reason.trim()));
  const [snapshot, send] = useMachine(logic, { input: {} });
  const running = snapshot.hasTag('busy');
  if (snapshot.matches('done')) return <Notice kind="success">{snapshot.context.output}</Notice>;

  function remove() {
    // The contract's rule, before anything is sent: a reason of a few words.
    const checked = AdminMfaResetInput.safeParse({ reason });
    onProblem(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) send({ type: 'action.run' });
  }

  return (
    <>
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
      <button type="button" className="btn btn-outline btn-small" onClick={remove} disabled={running}>
        {running ? 'Removing...' : 'Remove second factor'}
      </button>
    </>
  );
}
