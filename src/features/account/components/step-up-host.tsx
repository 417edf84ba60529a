import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PasskeyLogic } from '../../../../machines/passkey.machine.ts';
import type { StepUpLogic } from '../../../../machines/step-up.machine.ts';
import { PasskeyStatus } from '../../../components/passkey-status.tsx';
import { TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { FormError } from '../../../components/notice.tsx';
import { onMfaSetupRequired, onStepUpRequired } from '../../../lib/second-factor.ts';

/**
 * Mounted with the admin panel: a request refused for want of a fresh second-factor proof opens this
 * modal; the proof retries the request, Cancel gives it up. An administrator without a second factor is
 * sent to /account to set one up.
 */
export function StepUpHost({
  logic,
  accountPath,
  passkey,
}: {
  logic: StepUpLogic;
  accountPath: string;
  /** Step-up with a passkey instead of a code (decision record 055). */
  passkey?: PasskeyLogic;
}) {
  // The requests waiting for this proof (several may have been refused at once).
  const [waiting] = useState<((proved: boolean) => void)[]>(() => []);
  const settle = (proved: boolean) => {
    for (const resolve of waiting.splice(0)) resolve(proved);
  };
  const [snapshot, send] = useMachine(
    logic.provide({ actions: { proved: () => settle(true), cancelled: () => settle(false) } }),
  );
  const [code, setCode] = useState('');
  const navigate = useNavigate();

  useEffect(
    () =>
      onStepUpRequired(
        () =>
          new Promise<boolean>((resolve) => {
            waiting.push(resolve);
            send({ type: 'stepUp.open' });
          }),
      ),
    [send, waiting],
  );
  useEffect(() => onMfaSetupRequired(() => navigate(`${accountPath}?setup=required`)), [navigate, accountPath]);

  if (snapshot.matches('closed')) return null;
  const busy = snapshot.hasTag('busy');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'stepUp.submit', code: code.trim() });
    setCode('');
  };
  return (
    <Modal title="Confirm it is you" onClose={() => send({ type: 'stepUp.cancel' })} size="small">
      <form method="post" onSubmit={submit} noValidate>
        {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
        <p>This action needs a fresh check. Enter the 6-digit code from your authenticator app.</p>
        <TextField
          label="Authentication code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          data-autofocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Checking...' : 'Confirm'}
        </button>{' '}
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => send({ type: 'stepUp.cancel' })}
        >
          Cancel
        </button>
      </form>
      {passkey ? <PasskeyStepUp logic={passkey} onProved={() => send({ type: 'stepUp.proved' })} /> : null}
    </Modal>
  );
}

/** "Use a passkey" in the step-up modal: a verified assertion is the proof. */
function PasskeyStepUp({ logic, onProved }: { logic: PasskeyLogic; onProved: () => void }) {
  const [snapshot, send] = useMachine(logic.provide({ actions: { succeeded: onProved } }));
  return (
    <div className="passkey-step-up">
      <p>Or confirm with a passkey on this device.</p>
      <button
        type="button"
        className="btn btn-outline"
        disabled={snapshot.hasTag('busy')}
        onClick={() => send({ type: 'passkey.start' })}
      >
        Use a passkey
      </button>
      <PasskeyStatus snapshot={snapshot} />
    </div>
  );
}
