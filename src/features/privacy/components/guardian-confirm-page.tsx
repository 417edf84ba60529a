import { useEffect } from 'react';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import { useMachine } from '@xstate/react';
import { Notice } from '../../../components/notice.tsx';

/** A parent's or guardian's confirmation link (`/guardian-confirm?token=...`): confirms once, on opening. */
export function GuardianConfirmPage({ logic }: { logic: ActionLogic<void> }) {
  const [snapshot, send] = useMachine(logic, {
    input: { failureText: 'This confirmation link is not valid or was already used.' },
  });
  useEffect(() => send({ type: 'action.run' }), [send]);
  return (
    <div className="container">
      <h1>Parent or guardian confirmation</h1>
      {snapshot.matches('done') ? (
        <Notice kind="success">Thank you: the account is confirmed and may now enroll in courses.</Notice>
      ) : snapshot.matches('failed') ? (
        <Notice kind="error">{snapshot.context.error}</Notice>
      ) : (
        <p role="status">Confirming...</p>
      )}
    </div>
  );
}
