import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { Empty, type Operation } from '../../platform/openapi-operation.ts';

/** The second factor, step-up and the account page's routes (decision record 045). */

export const TRUST_NAMED: Record<string, z.ZodType> = {
  TotpSetup: C.TotpSetup,
  RecoveryCodes: C.RecoveryCodes,
  MfaChallenge: C.MfaChallenge,
  MfaStatus: C.MfaStatus,
  SignedInDevice: C.SignedInDevice,
};

const P = C.MFA_PATHS;

export const TRUST_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: P.tokenMfa,
    summary:
      'The login second step: the mfa_token (single use, 5 minutes, 5 wrong codes) with a current code or a recovery code',
    tag: 'Auth',
    access: 'public',
    body: C.MfaLoginInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: P.status,
    summary: 'Second factor of the caller: on or off, recovery codes left, passkeys, step-up valid until',
    tag: 'Account',
    access: 'user',
    responses: { 200: C.MfaStatus },
  },
  {
    method: 'post',
    path: P.totpSetup,
    summary:
      'Start setting up an authenticator app: a new secret as an otpauth URI and its QR code (SVG). The first second factor needs the password unless the login is under 5 minutes old',
    tag: 'Account',
    access: 'user',
    body: C.FirstFactorInput,
    responses: { 200: C.TotpSetup },
    errors: [400, 403],
  },
  {
    method: 'post',
    path: P.totpConfirm,
    summary: 'Confirm with the first code: turns the second factor on and answers 10 recovery codes, once',
    tag: 'Account',
    access: 'user',
    body: C.TotpConfirmInput,
    responses: { 200: C.RecoveryCodes },
    errors: [400],
  },
  {
    method: 'post',
    path: P.totpDisable,
    summary: 'Turn the authenticator app off (password and a current code)',
    tag: 'Account',
    access: 'user',
    body: C.TotpDisableInput,
    responses: { 204: null },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: P.recoveryCodes,
    summary: 'New recovery codes (a current code); the old ones stop working',
    tag: 'Account',
    access: 'user',
    body: C.RegenerateCodesInput,
    responses: { 200: C.RecoveryCodes },
    errors: [400, 429],
  },
  {
    method: 'post',
    path: P.stepUp,
    summary:
      'Step-up: a current code, or a passkey assertion, proves the second factor for 5 minutes to this login only (refunds, role changes, exports...); 401 for a token that names no login',
    tag: 'Account',
    access: 'user',
    body: C.StepUpInput,
    responses: { 200: C.StepUp },
    errors: [400, 401, 429],
  },
  {
    method: 'patch',
    path: P.profile,
    summary: 'Change the own name (an email different from the current one: 400, it changes with the password)',
    tag: 'Account',
    access: 'user',
    body: C.ProfileInput,
    responses: { 200: C.User },
    errors: [400],
  },
  {
    method: 'post',
    path: C.IDENTITY_PATHS.email,
    summary:
      'Change the own email with the current password: unconfirmed until its link is opened, every login ends (a fresh pair is answered), the old address gets a 7-day undo link',
    tag: 'Account',
    access: 'user',
    body: C.EmailChangeInput,
    responses: { 200: C.TokenPair },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: C.IDENTITY_PATHS.emailConfirmation,
    summary: 'Email the confirmation link (24 hours, single use) again to the own, unconfirmed address',
    tag: 'Account',
    access: 'user',
    responses: { 202: z.object({ detail: z.string() }) },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: C.IDENTITY_PATHS.confirmEmail,
    summary: "Confirm an address with the token of its emailed link (the account's current address only)",
    tag: 'Auth',
    access: 'public',
    body: C.EmailLinkInput,
    responses: { 204: Empty },
    errors: [400],
  },
  {
    method: 'post',
    path: C.IDENTITY_PATHS.undoEmailChange,
    summary:
      "Undo an email change with the token of the old address's link: the old address back, every login ended, the account's other undo links void",
    tag: 'Auth',
    access: 'public',
    body: C.EmailLinkInput,
    responses: { 204: Empty },
    errors: [400],
  },
  {
    method: 'post',
    path: P.password,
    summary:
      'Change the own password (the current one needed; wrong ones counted, 429 over PASSWORD_CHANGE_MAX_FAILURES): every login ends, a fresh pair is answered',
    tag: 'Account',
    access: 'user',
    body: C.PasswordChangeInput,
    responses: { 200: C.TokenPair },
    errors: [400, 429],
  },
  {
    method: 'get',
    path: P.sessions,
    summary: 'Signed-in devices: one per live login, newest first',
    tag: 'Account',
    access: 'user',
    responses: { 200: z.array(C.SignedInDevice) },
  },
  {
    method: 'delete',
    path: P.session(),
    summary: 'Sign one device out (its refresh token stops working)',
    tag: 'Account',
    access: 'user',
    responses: { 204: null },
    errors: [404],
  },
  {
    method: 'post',
    path: P.adminResetMfa(),
    summary: "Remove another user's authenticator app with a reason (audited; the owner is emailed; needs step-up)",
    tag: 'Users',
    access: 'admin',
    body: C.AdminMfaResetInput,
    responses: { 204: null },
    errors: [400, 403, 404],
  },
];
