import { z } from 'zod';

/**
 * Passkeys (WebAuthn, decision record 055): registration on the account page, the login's second step,
 * sign-in without a password and step-up. The browser's JSON forms of the ceremonies' answers are checked
 * here only for shape and size; @simplewebauthn/server checks what they mean.
 */

export const PASSKEY_PATHS = {
  list: '/auth/passkeys/',
  one: (id: string = ':id') => `/auth/passkeys/${id}/`,
  registrationOptions: '/auth/passkeys/registration/options/',
  registration: '/auth/passkeys/registration/',
  loginOptions: '/auth/passkeys/login/options/',
  login: '/auth/passkeys/login/',
  mfaOptions: '/auth/mfa/passkey/options/',
  mfa: '/auth/mfa/passkey/',
  stepUpOptions: '/auth/step-up/passkey/options/',
} as const;

export const PASSKEY_MESSAGES = {
  notVerified: 'The passkey could not be verified. Try again, or use another sign-in method.',
  challengeInvalid: 'This passkey request has expired or was used already. Start again.',
  unknown: 'This passkey is not registered here. Sign in with your password, or use another passkey.',
  cloned:
    'This passkey answered with a signature counter that did not go up, as a copied authenticator would. ' +
    'It was refused; remove it on your account page if you do not recognise this.',
  userNotVerified:
    'Signing in with only a passkey needs the authenticator to check it is you (PIN, fingerprint or face). ' +
    'Sign in with your password, then use the passkey as the second step.',
  notFound: 'No such passkey.',
  none: 'This account has no passkey.',
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys here.',
  alreadyOnDevice: 'This device already holds a passkey for your account: use it, or add one on another device.',
  failed: 'The passkey could not be checked. Check your connection and try again.',
} as const;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url.');

/** A PublicKeyCredential's JSON form from navigator.credentials.create() (RegistrationResponseJSON). */
export const RegistrationResponse = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/** A PublicKeyCredential's JSON form from navigator.credentials.get() (AuthenticationResponseJSON). */
export const AuthenticationResponse = z.object({
  id: base64url.min(1).max(1400),
  rawId: base64url.min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

export const PasskeyRegistrationInput = z.object({
  name: z
    .string({ error: 'Give the passkey a name.' })
    .trim()
    .min(1, 'Give the passkey a name (e.g. "Work laptop").')
    .max(100, 'A passkey name has at most 100 characters.'),
  response: RegistrationResponse,
});
export type PasskeyRegistrationInput = z.infer<typeof PasskeyRegistrationInput>;

export const PasskeyAssertionInput = z.object({ response: AuthenticationResponse });
export type PasskeyAssertionInput = z.infer<typeof PasskeyAssertionInput>;

export const MfaTokenInput = z.object({ mfa_token: z.string().min(1).max(200) });
export const MfaPasskeyInput = z.object({ mfa_token: z.string().min(1).max(200), response: AuthenticationResponse });
export type MfaPasskeyInput = z.infer<typeof MfaPasskeyInput>;

/** One passkey as its owner sees it on the account page. */
export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/** Passkeys at an IP address (decision record 067): what the account page says, and where to go. */
export const PASSKEY_HOST_MESSAGES = {
  needsName:
    'Passkeys need the site’s name (localhost, or the site’s domain): a browser refuses them on a page opened at an IP address such as 127.0.0.1.',
  openLocalhost: 'Open this page at localhost to use passkeys.',
  openDomain: 'Open the site at its domain name to use passkeys.',
} as const;
