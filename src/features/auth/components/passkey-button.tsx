import { useMachine } from '@xstate/react';
import type { User } from '../../../../contract/index.ts';
import type { PasskeyLogic } from '../../../../machines/passkey.machine.ts';
import { SessionContext } from '../../../lib/session.ts';
import { PasskeyStatus } from '../../../components/passkey-status.tsx';
import { usePasskeyBlockedAddress } from '../../../lib/passkey-host.tsx';

/**
 * "Sign in with a passkey" (login page) and "Use a passkey" (the login's second step): a ceremony whose
 * verified answer is the signed-in user, handed to the session. Not offered on a page opened at an IP
 * address, where no browser can use a passkey (src/lib/passkey-host.tsx).
 */
export function PasskeySignInButton({
  logic,
  label,
  mfaToken,
}: {
  logic: PasskeyLogic;
  label: string;
  mfaToken?: string;
}) {
  const session = SessionContext.useActorRef();
  const [snapshot, send] = useMachine(
    logic.provide({
      actions: {
        succeeded: (_, params: { output: unknown }) =>
          session.send({ type: 'session.signedIn', user: params.output as User }),
      },
    }),
  );
  const busy = snapshot.hasTag('busy');
  if (usePasskeyBlockedAddress()) return null;
  return (
    <div className="passkey-sign-in">
      <button
        type="button"
        className="btn btn-outline"
        disabled={busy}
        onClick={() => send({ type: 'passkey.start', input: mfaToken ? { mfaToken } : {} })}
      >
        {label}
      </button>
      <PasskeyStatus snapshot={snapshot} />
    </div>
  );
}
