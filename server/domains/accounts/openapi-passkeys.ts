import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import type { Operation } from '../../platform/openapi-operation.ts';

/** Passkeys (WebAuthn, decision record 055): the owner's list, registration, removal, sign-in, second step, step-up. */

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3, section 5.4), as @simplewebauthn/server makes it. */
const CreationOptions = z
  .looseObject({
    challenge: z.string(),
    rp: z.object({ id: z.string(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
    timeout: z.number(),
    excludeCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal('public-key') })),
    authenticatorSelection: z.looseObject({ residentKey: z.string(), userVerification: z.string() }),
    attestation: z.literal('none'),
  })
  .describe('Options for navigator.credentials.create() (its JSON form)');

/** PublicKeyCredentialRequestOptionsJSON (section 5.5). */
const RequestOptions = z
  .looseObject({
    challenge: z.string(),
    rpId: z.string(),
    timeout: z.number(),
    userVerification: z.enum(['required', 'preferred']),
    allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.literal('public-key') })).optional(),
  })
  .describe('Options for navigator.credentials.get() (its JSON form)');

export const PASSKEY_NAMED: Record<string, z.ZodType> = {
  Passkey: C.Passkey,
  PasskeyCreationOptions: CreationOptions,
  PasskeyRequestOptions: RequestOptions,
  PasskeyRegistrationInput: C.PasskeyRegistrationInput,
  PasskeyAssertionInput: C.PasskeyAssertionInput,
  MfaPasskeyInput: C.MfaPasskeyInput,
};

const P = C.PASSKEY_PATHS;

export const PASSKEY_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: P.list,
    summary: "The caller's passkeys (name, created, last used)",
    tag: 'Account',
    access: 'user',
    responses: { 200: z.array(C.Passkey) },
  },
  {
    method: 'post',
    path: P.registrationOptions,
    summary:
      'Start adding a passkey: creation options (single-use challenge, 5 minutes; the own passkeys excluded). The first second factor needs the password unless the login is under 5 minutes old; another one a step-up',
    tag: 'Account',
    access: 'user',
    body: C.FirstFactorInput,
    responses: { 200: CreationOptions },
    errors: [400, 403],
  },
  {
    method: 'post',
    path: P.registration,
    summary:
      "Add a passkey: its name and the browser's registration response (origin, RP ID and challenge checked; audited). Needs step-up when a second factor is on",
    tag: 'Account',
    access: 'user',
    body: C.PasskeyRegistrationInput,
    responses: { 201: C.Passkey },
    errors: [400, 403],
  },
  {
    method: 'delete',
    path: P.one(),
    summary: 'Remove one of the own passkeys (needs step-up; audited; the last second factor gone turns it off)',
    tag: 'Account',
    access: 'user',
    responses: { 204: null },
    errors: [403, 404],
  },
  {
    method: 'post',
    path: P.stepUpOptions,
    summary: 'Step-up with a passkey: request options for the own passkeys; answer with POST /auth/step-up/ {response}',
    tag: 'Account',
    access: 'user',
    responses: { 200: RequestOptions },
    errors: [400],
  },
  {
    method: 'post',
    path: P.mfaOptions,
    summary: "The login second step with a passkey: request options for the mfa_token's account",
    tag: 'Auth',
    access: 'public',
    body: C.MfaTokenInput,
    responses: { 200: RequestOptions },
    errors: [400, 401],
  },
  {
    method: 'post',
    path: P.mfa,
    summary:
      "The login second step with a passkey: the mfa_token and the browser's assertion (counter checked) trade for tokens",
    tag: 'Auth',
    access: 'public',
    body: C.MfaPasskeyInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: P.loginOptions,
    summary: 'Sign in with a passkey: request options for any discoverable passkey, user verification required',
    tag: 'Auth',
    access: 'public',
    responses: { 200: RequestOptions },
    errors: [429],
  },
  {
    method: 'post',
    path: P.login,
    summary: "Sign in with a passkey alone: the browser's assertion (user verified, counter checked) trades for tokens",
    tag: 'Auth',
    access: 'public',
    body: C.PasskeyAssertionInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401, 429],
  },
];
