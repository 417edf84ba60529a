import { z } from 'zod';
import { RegisterInput } from './payloads.ts';

/**
 * The second factor (authenticator-app codes, recovery codes, passkeys), the login's second step, step-up
 * and the account page: request bodies, answers and the error codes the SPA reacts to.
 */

/** The `code` of a 403 answer the SPA acts on. */
export const MFA_ERROR_CODES = { setupRequired: 'mfa_setup_required', stepUpRequired: 'step_up_required' } as const;

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
  sessionNotFound: 'No such signed-in device.',
  secondFactorFailed: 'The code could not be checked. Check your connection and try again.',
  resetSelf: 'Turn off your own second factor on your account page.',
  resetNothing: 'This user has no authenticator app to remove.',
} as const;

const code = z
  .string({ error: 'Code is required.' })
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your authenticator app.');
const recoveryCode = z
  .string({ error: 'Recovery code is required.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, 'A recovery code looks like abcde-12345.');

export const TotpConfirmInput = z.object({ code });
export type TotpConfirmInput = z.infer<typeof TotpConfirmInput>;

export const TotpSetup = z.object({ otpauth_url: z.string(), qr_svg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The login's first step when a second factor is on: no tokens yet. */
export const MfaChallenge = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaChallenge = z.infer<typeof MfaChallenge>;

export const MfaLoginInput = z.union(
  [
    z.object({ mfa_token: z.string().min(1).max(200), code }),
    z.object({ mfa_token: z.string().min(1).max(200), recovery_code: recoveryCode }),
  ],
  { error: 'Send mfa_token with a code or a recovery_code.' },
);
export type MfaLoginInput = z.infer<typeof MfaLoginInput>;

export const StepUpInput = z.object({ code });
export type StepUpInput = z.infer<typeof StepUpInput>;
export const StepUp = z.object({ step_up_until: z.string() });
export type StepUp = z.infer<typeof StepUp>;

/** Turning the authenticator app off needs the password and a current code (or a recovery code). */
export const TotpDisableInput = z.object({
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
  code,
});
export type TotpDisableInput = z.infer<typeof TotpDisableInput>;

export const RegenerateCodesInput = z.object({ code });

export const MfaStatus = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
  step_up_until: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

/** One signed-in device (a login: its refresh tokens). */
export const SignedInDevice = z.object({ id: z.string(), signed_in_at: z.string(), expires_at: z.string() });
export type SignedInDevice = z.infer<typeof SignedInDevice>;

export const ProfileInput = z.object({
  first_name: z.string().trim().max(150).optional(),
  last_name: z.string().trim().max(150).optional(),
  email: z.email({ error: 'Enter a valid email address.' }).max(254).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const PasswordChangeInput = z.object({
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
  new_password: RegisterInput.shape.password,
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

export const AdminMfaResetInput = z.object({
  reason: z
    .string({ error: 'A reason is required.' })
    .trim()
    .min(5, 'Say why in a few words (at least 5 characters).')
    .max(500),
});
export type AdminMfaResetInput = z.infer<typeof AdminMfaResetInput>;
