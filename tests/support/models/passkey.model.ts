import { ApiError, PASSKEY_MESSAGES } from '../../../contract/index.ts';
import { passkeyMachine } from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, sampleStudent } from '../samples.ts';

/** What the browser throws when the person dismisses the passkey prompt, or it times out. */
export const notAllowed = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
});
/** The authenticator holds a passkey of the account already (excludeCredentials matched). */
export const invalidState = Object.assign(new Error('The authenticator was previously registered'), {
  name: 'InvalidStateError',
});
/** No WebAuthn in this browser (or an insecure page). */
export const notSupported = Object.assign(new Error(PASSKEY_MESSAGES.unsupported), { name: 'NotSupportedError' });
/** The server refused the authenticator's answer. */
export const passkeyRefused = new ApiError(401, { detail: PASSKEY_MESSAGES.notVerified });
export const samplePasskeyOptions = { challenge: 'c2FtcGxlLWNoYWxsZW5nZQ', rpId: 'localhost' };
export const samplePasskeyResponse = { id: 'a2V5', rawId: 'a2V5', type: 'public-key' };
export const passkeyStart = { type: 'passkey.start', input: { name: 'Work laptop' } } as const;

/** What a failed ceremony shows: the server's words, else the fallback. */
export const passkeyErrorText = new Map<unknown, string>([
  [passkeyRefused, PASSKEY_MESSAGES.notVerified],
  [networkError, PASSKEY_MESSAGES.failed],
  [invalidState, PASSKEY_MESSAGES.alreadyOnDevice],
  [notSupported, PASSKEY_MESSAGES.unsupported],
]);

export const passkeyModel: MachineModel = {
  name: 'passkey',
  machine: passkeyMachine,
  actors: ['options', 'authenticate', 'verify'],
  appActions: ['succeeded'],
  events: [
    passkeyStart,
    { type: 'passkey.reset' },
    { type: 'xstate.done.actor.options', output: samplePasskeyOptions },
    { type: 'xstate.error.actor.options', error: networkError },
    { type: 'xstate.done.actor.authenticate', output: samplePasskeyResponse },
    { type: 'xstate.error.actor.authenticate', error: notAllowed },
    { type: 'xstate.error.actor.authenticate', error: networkError },
    { type: 'xstate.error.actor.authenticate', error: invalidState },
    { type: 'xstate.error.actor.authenticate', error: notSupported },
    { type: 'xstate.done.actor.verify', output: sampleStudent },
    { type: 'xstate.error.actor.verify', error: passkeyRefused },
    { type: 'xstate.error.actor.verify', error: networkError },
  ],
};
