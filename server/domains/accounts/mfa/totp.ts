import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { qrcode } from '../../../platform/lib/on-first-use.ts';

/**
 * Authenticator-app codes (RFC 6238 TOTP over RFC 4226 HOTP) through otplib 13 (decision record 045):
 * HMAC-SHA-1, 6 digits, 30-second steps from T0 = 0 (section 4: the parameters every authenticator app
 * supports, and what Google Authenticator reads from an otpauth URI without extra parameters); secrets of
 * 20 random bytes (RFC 4226 section 4 asks for at least 128 bits, recommends 160).
 */
export const TOTP_PERIOD = 30;

/** A new Base32 secret of 20 random bytes. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export const otpauthUrl = (secret: string, issuer: string, account: string): string =>
  generateURI({ strategy: 'totp', issuer, label: account, secret, period: TOTP_PERIOD, digits: 6 });

/** The QR code of `text` as an SVG document (no script, no external reference). */
export const qrSvg = async (text: string): Promise<string> =>
  (await qrcode()).toString(text, { type: 'svg', margin: 2 });

/** The code of `secret` at `epochSeconds` (tests and the demo tools). */
export const totpCode = (secret: string, epochSeconds = Math.floor(Date.now() / 1000)): string =>
  generateSync({ strategy: 'totp', secret, epoch: epochSeconds, period: TOTP_PERIOD });

/**
 * The RFC 6238 time step `code` belongs to, when it is the code of the current step or of one step
 * either side (section 5.2: at most one step of transmission delay and clock drift), and of a step
 * later than `afterStep` (a code of a step already used is refused: replay); otherwise null.
 */
export function matchingStep(
  secret: string,
  code: string,
  afterStep: number | null,
  epochSeconds = Math.floor(Date.now() / 1000),
): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const current = Math.floor(epochSeconds / TOTP_PERIOD);
  // otplib refuses an afterTimeStep beyond the window (it throws); such a step means nothing matches.
  if (afterStep !== null && afterStep >= current + 1) return null;
  const result = verifySync({
    strategy: 'totp',
    secret,
    token: code,
    epoch: epochSeconds,
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
