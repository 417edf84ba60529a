import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { IDENTITY_MESSAGES } from '../../../../contract/index.ts';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import { Notice } from '../../../components/notice.tsx';
import { paths } from '../../../config/paths.ts';

/**
 * The confirmation link's page (/confirm-email#token=...): confirms once, on opening, like the guardian's
 * link; its answer is the action machine's (done, or the server's words why not).
 */
export function ConfirmEmailPage({ logic }: { logic: ActionLogic<void> }) {
  const [snapshot, send] = useMachine(logic, { input: { failureText: IDENTITY_MESSAGES.confirmLinkInvalid } });
  useEffect(() => send({ type: 'action.run' }), [send]);
  return (
    <div className="container">
      <h1>Confirm your email address</h1>
      {snapshot.matches('done') ? (
        <Notice kind="success">{IDENTITY_MESSAGES.confirmed}</Notice>
      ) : snapshot.matches('failed') ? (
        <Notice kind="error">{snapshot.context.error}</Notice>
      ) : (
        <p role="status">Confirming...</p>
      )}
      <p>
        <Link to={paths.account}>Your account</Link>
      </p>
    </div>
  );
}

/**
 * The old address's link (/undo-email-change#token=...): undoing signs every device out, so it waits for
 * the press of its button; then it says what happened and offers a new password.
 */
export function UndoEmailChangePage({ logic }: { logic: ActionLogic<void> }) {
  const [snapshot, send] = useMachine(logic, { input: { failureText: IDENTITY_MESSAGES.undoLinkInvalid } });
  const busy = snapshot.hasTag('busy');
  return (
    <div className="container">
      <h1>Undo the change of your email address</h1>
      {snapshot.matches('done') ? (
        <>
          <Notice kind="success">{IDENTITY_MESSAGES.undone}</Notice>
          <p>{IDENTITY_MESSAGES.undoAdvice}</p>
          <p>
            <Link to={paths.forgotPassword} className="btn btn-primary">
              Set a new password
            </Link>
          </p>
        </>
      ) : (
        <>
          {snapshot.matches('failed') ? <Notice kind="error">{snapshot.context.error}</Notice> : null}
          <p>
            The email address of your account was changed. If you did not do it, undo it: your account gets this address
            back and every device is signed out.
          </p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => send({ type: 'action.run' })}
          >
            {busy ? 'Undoing...' : 'Undo the change'}
          </button>
        </>
      )}
    </div>
  );
}
