import { fromPromise } from 'xstate';
import { passkeyMachine, type PasskeyCeremonyInput } from '../../../machines/passkey.machine.ts';

/**
 * The passkey ceremony for each use (decision record 055): the API (and @simplewebauthn/browser with it)
 * loads when a ceremony starts, so the pages that only show the button carry neither.
 */
const passkeyApi = () => import('../../features/account/api/passkey-api.ts');

type Verify = PasskeyCeremonyInput & { response: unknown };

const authenticateWith = (kind: 'create' | 'get') =>
  fromPromise<unknown, { options: unknown }>(async ({ input }) => {
    const apiModule = await passkeyApi();
    return kind === 'create' ? apiModule.createCredential(input.options) : apiModule.getAssertion(input.options);
  });

/** Adding a passkey on the account page: answers the new passkey. */
export const passkeyRegistration = passkeyMachine.provide({
  actors: {
    options: fromPromise<unknown, PasskeyCeremonyInput>(async ({ input }) =>
      (await passkeyApi()).registrationOptions(input.password),
    ),
    authenticate: authenticateWith('create'),
    verify: fromPromise<unknown, Verify>(async ({ input }) =>
      (await passkeyApi()).registerPasskey(input.name ?? '', input.response),
    ),
  },
});

/** Signing in with a passkey alone: answers the user (tokens stored). */
export const passkeySignIn = passkeyMachine.provide({
  actors: {
    options: fromPromise<unknown, PasskeyCeremonyInput>(async () => (await passkeyApi()).loginOptions()),
    authenticate: authenticateWith('get'),
    verify: fromPromise<unknown, Verify>(async ({ input }) => (await passkeyApi()).passkeyLogin(input.response)),
  },
});

/** The login's second step with a passkey: answers the user (tokens stored). */
export const passkeySecondStep = passkeyMachine.provide({
  actors: {
    options: fromPromise<unknown, PasskeyCeremonyInput>(async ({ input }) =>
      (await passkeyApi()).mfaOptions(input.mfaToken ?? ''),
    ),
    authenticate: authenticateWith('get'),
    verify: fromPromise<unknown, Verify>(async ({ input }) =>
      (await passkeyApi()).passkeySecondStep(input.mfaToken ?? '', input.response),
    ),
  },
});

/** Step-up with a passkey (the step-up modal). */
export const passkeyStepUp = passkeyMachine.provide({
  actors: {
    options: fromPromise<unknown, PasskeyCeremonyInput>(async () => (await passkeyApi()).stepUpOptions()),
    authenticate: authenticateWith('get'),
    verify: fromPromise<unknown, Verify>(async ({ input }) => (await passkeyApi()).stepUpWithPasskey(input.response)),
  },
});
