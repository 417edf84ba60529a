import { z } from 'zod';
import { indianMobile } from './fields.ts';
import { NewPassword } from './payloads.ts';
import { AuthenticationResponse } from './passkeys.ts';

/**
 * The second factor (authenticator-app codes, recovery codes, passkeys), the login's second step, step-up
 * and the account page: request bodies, answers and the error codes the SPA reacts to.
 */

const code = z
  .string({ error: 'Code is required.' })
  .trim()
  .regex(/^[0-9]{6}$/, 'Enter the 6-digit code from your authenticator app.');
/** A recovery code as typed: 16 characters in groups of 4 (decision record 065), or the older 10 in groups of 5. */
export const RECOVERY_CODE_PATTERN = /^(?:[a-z0-9]{4}-?){3}[a-z0-9]{4}$|^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
export const RECOVERY_CODE_HINT = 'A recovery code looks like abcd-2345-efgh-6789.';
const recoveryCode = z
  .string({ error: 'Recovery code is required.' })
  .trim()
  .toLowerCase()
  .regex(RECOVERY_CODE_PATTERN, RECOVERY_CODE_HINT);

/**
 * POST /auth/mfa/totp/setup/ and POST /auth/passkeys/registration/options/: the current password, needed
 * for the account's first second factor unless its login began less than 5 minutes ago (issue 32).
 */
export const FirstFactorInput = z.object({ password: z.string().max(256).optional() });
export type FirstFactorInput = z.infer<typeof FirstFactorInput>;

export const TotpConfirmInput = z.object({ code });
export type TotpConfirmInput = z.infer<typeof TotpConfirmInput>;

export const TotpSetup = z.object({ otpauth_url: z.string(), qr_svg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** The login's first step when a second factor is on: no tokens yet. */
export const MfaChallenge = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  /** The account has a passkey: the second step may use one (POST /auth/mfa/passkey/). */
  passkey: z.boolean(),
});
export type MfaChallenge = z.infer<typeof MfaChallenge>;

export const MfaLoginInput = z.union(
  [
    z.object({ mfa_token: z.string().min(1).max(200), code }),
    z.object({ mfa_token: z.string().min(1).max(200), recovery_code: recoveryCode }),
  ],
  { error: 'Send mfa_token with a code or a recovery_code.' },
);
export type MfaLoginInput = z.infer<typeof MfaLoginInput>;

/** A current code, or a passkey's assertion for the challenge of POST /auth/step-up/passkey/options/. */
export const StepUpInput = z.union([z.object({ code }), z.object({ response: AuthenticationResponse })], {
  error: 'Send a code from your authenticator app or a passkey response.',
});
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
  /**
   * The mobile number WhatsApp and SMS go to (decision record 084): an Indian mobile however written, kept as
   * ten digits; '' or null removes it. The one number: the WhatsApp opt-in sets the same.
   */
  phone: z.preprocess((value) => (value === '' ? null : value), indianMobile().nullable().optional()),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const PasswordChangeInput = z.object({
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
  new_password: NewPassword,
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
