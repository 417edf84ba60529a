import type { SnapshotFrom } from 'xstate';
import type { PasskeyLogic } from '../../machines/passkey.machine.ts';
import { Notice } from './notice.tsx';

/** What a passkey ceremony is doing, in words: the browser's prompt may be elsewhere on the screen. */
export function passkeyProgress(snapshot: SnapshotFrom<PasskeyLogic>): string | null {
  if (snapshot.matches('requestingOptions')) return 'Preparing the passkey request...';
  if (snapshot.matches('waitingForAuthenticator')) return 'Follow your browser or device to use your passkey...';
  if (snapshot.matches('verifying')) return 'Checking the passkey...';
  return null;
}

/** The ceremony's progress (announced politely) or why it stopped. */
export function PasskeyStatus({ snapshot }: { snapshot: SnapshotFrom<PasskeyLogic> }) {
  const progress = passkeyProgress(snapshot);
  const { error, cancelled } = snapshot.context;
  return (
    <>
      <p role="status" aria-live="polite" className="passkey-progress">
        {progress}
      </p>
      {error ? <Notice kind={cancelled ? 'info' : 'error'}>{error}</Notice> : null}
    </>
  );
}
