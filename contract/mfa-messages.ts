/**
 * The second factor's plain constants (error codes, paths, messages), apart from its zod schemas in
 * mfa.ts, so that the session machine and the API client (on every page) take no schema with them.
 */

import { SECOND_FACTOR_FAILED } from './second-factor-failed.ts';

/** The `code` of a 403 answer the SPA acts on. */
export const MFA_ERROR_CODES = { setupRequired: 'mfa_setup_required', stepUpRequired: 'step_up_required' } as const;

/** Adding the first second factor needs the password, unless the login began less than this long ago (seconds). */
export const FIRST_FACTOR_LOGIN_SECONDS = 300;

/** How long a step-up proof counts (seconds). */
export const STEP_UP_SECONDS = 300;

export const MFA_PATHS = {
  totpSetup: '/auth/mfa/totp/setup/',
  totpConfirm: '/auth/mfa/totp/confirm/',
  totpDisable: '/auth/mfa/totp/disable/',
  recoveryCodes: '/auth/mfa/recovery-codes/',
  status: '/auth/mfa/',
  tokenMfa: '/auth/token/mfa/',
  stepUp: '/auth/step-up/',
  sessions: '/auth/sessions/',
  session: (id: string = ':id') => `/auth/sessions/${id}/`,
  profile: '/auth/account/profile/',
  password: '/auth/account/password/',
  adminResetMfa: (id: number | string = ':id') => `/api/admin/users/${id}/mfa/reset/`,
} as const;

export const MFA_MESSAGES = {
  setupRequired: 'Administrators need a second factor. Set up an authenticator app on your account page first.',
  stepUpRequired: 'This action needs a fresh second-factor check. Enter a code from your authenticator app.',
  codeInvalid: 'That code is not valid. Enter the current 6-digit code from your authenticator app.',
  recoveryInvalid: 'That recovery code is not valid or was used already.',
  mfaTokenInvalid: 'This sign-in has expired or was already completed. Sign in again with your password.',
  alreadyEnabled: 'An authenticator app is already set up. Turn it off first to set up another.',
  notSetUp: 'Start the set-up first: no authenticator app is waiting to be confirmed.',
  notEnabled: 'No authenticator app is set up on this account.',
  passwordWrong: 'The password is not correct.',
  /** Adding the first second factor (authenticator app or passkey) more than 5 minutes after signing in. */
  passwordNeeded: 'Enter your current password to add your first second factor.',
  firstFactorHint: 'Needed for your first second factor unless you signed in less than 5 minutes ago.',
  sessionNotFound: 'No such signed-in device.',
  secondFactorFailed: SECOND_FACTOR_FAILED,
  resetSelf: 'Turn off your own second factor on your account page.',
  resetNothing: 'This user has no second factor (authenticator app or passkey) to remove.',
  /** What an administrator's removal takes, said before the button (issue 39: destructive actions list what they affect). */
  resetTouches:
    'Removes their authenticator app, every passkey and their recovery codes: until they set one up again, their password alone signs them in. They are emailed the reason.',
} as const;
