import { z } from 'zod';
import {
  API,
  MFA_PATHS,
  PASSKEY_MESSAGES,
  PASSKEY_PATHS,
  Passkey,
  StepUp,
  TokenPair,
  User,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/** The passkeys' calls (contract/passkeys.ts, decision record 055). The browser part loads when first used. */

/** The server's options: passed to the browser as they are (their meaning is the library's). */
const Options = z.looseObject({ challenge: z.string() });
type Options = z.infer<typeof Options>;

const browser = () => import('@simplewebauthn/browser');

async function supported(): Promise<typeof import('@simplewebauthn/browser')> {
  const module = await browser();
  if (!module.browserSupportsWebAuthn()) {
    throw Object.assign(new Error(PASSKEY_MESSAGES.unsupported), { name: 'NotSupportedError' });
  }
  return module;
}

/** navigator.credentials.create() with the server's options. */
export async function createCredential(options: unknown): Promise<unknown> {
  const { startRegistration } = await supported();
  return startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
}

/** navigator.credentials.get() with the server's options. */
export async function getAssertion(options: unknown): Promise<unknown> {
  const { startAuthentication } = await supported();
  return startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
}

export const fetchPasskeys = () => api.list(PASSKEY_PATHS.list, Passkey);
export const removePasskey = (id: string) => api.delete(PASSKEY_PATHS.one(encodeURIComponent(id)));
/** The account's first second factor sends the current password (unless the login is minutes old). */
export const registrationOptions = (password?: string): Promise<Options> =>
  api.post(PASSKEY_PATHS.registrationOptions, password ? { password } : undefined, Options);
export const registerPasskey = (name: string, response: unknown) =>
  api.post(PASSKEY_PATHS.registration, { name, response }, Passkey);

export const loginOptions = (): Promise<Options> => api.post(PASSKEY_PATHS.loginOptions, undefined, Options);
export const mfaOptions = (mfaToken: string): Promise<Options> =>
  api.post(PASSKEY_PATHS.mfaOptions, { mfa_token: mfaToken }, Options);
export const stepUpOptions = (): Promise<Options> => api.post(PASSKEY_PATHS.stepUpOptions, undefined, Options);
export const stepUpWithPasskey = (response: unknown) => api.post(MFA_PATHS.stepUp, { response }, StepUp);

/** Stores both tokens, then loads the user. */
async function signedIn(tokens: Promise<TokenPair>): Promise<User> {
  tokenStore.setTokens(await tokens);
  return api.get(API.me, User);
}

/** Signing in with a passkey alone. */
export const passkeyLogin = (response: unknown) => signedIn(api.post(PASSKEY_PATHS.login, { response }, TokenPair));

/** The login's second step with a passkey. */
export const passkeySecondStep = (mfaToken: string, response: unknown) =>
  signedIn(api.post(PASSKEY_PATHS.mfa, { mfa_token: mfaToken, response }, TokenPair));
