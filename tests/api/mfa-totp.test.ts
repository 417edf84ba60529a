import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openSecret, sealSecret } from '../../server/platform/lib/secret-box.ts';
import { resolveMfaKey } from '../../server/domains/accounts/mfa/index.ts';
import { freshDatabase } from './support/harness.ts';
import { matchingStep, totpCode } from '../../server/domains/accounts/mfa/totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890" (Base32 below), 8 digits, X = 30. */
const RFC_SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238) through otplib', () => {
  it.each(VECTORS)('appendix B, SHA-1, T = %i: %s', (time, expected) => {
    expect(generateSync({ strategy: 'totp', secret: RFC_SEED, epoch: time, digits: 8, period: 30 })).toBe(expected);
    // The app's 6-digit codes are the same truncation modulo 10^6 (RFC 4226 section 5.3).
    expect(totpCode(RFC_SEED, time)).toBe(expected.slice(2));
  });

  it('accepts the current step and one either side, nothing further, and no step at or before the last used', () => {
    const now = 1_700_000_010; // 10 s into step 56666667
    const step = Math.floor(now / 30);
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now), null, now)).toBe(step);
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now - 30), null, now)).toBe(step - 1);
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now + 30), null, now)).toBe(step + 1);
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now - 60), null, now)).toBeNull();
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now + 60), null, now)).toBeNull();
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now), step, now)).toBeNull();
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now - 30), step - 1, now)).toBeNull();
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now + 30), step, now)).toBe(step + 1);
    expect(matchingStep(RFC_SEED, totpCode(RFC_SEED, now), step + 5, now)).toBeNull();
    expect(matchingStep(RFC_SEED, '12345', null, now)).toBeNull();
    expect(matchingStep(RFC_SEED, 'abcdef', null, now)).toBeNull();
  });

  it('seals a seed with AES-256-GCM bound to its row: another key or row does not open it', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealSecret(key, RFC_SEED, 'totp:1');
    expect(sealed).not.toContain(RFC_SEED);
    expect(sealSecret(key, RFC_SEED, 'totp:1')).not.toBe(sealed);
    expect(openSecret(key, sealed, 'totp:1')).toBe(RFC_SEED);
    expect(() => openSecret(key, sealed, 'totp:2')).toThrow();
    expect(() => openSecret(Buffer.alloc(32, 8), sealed, 'totp:1')).toThrow();
  });
});

describe('configuration of the second factor', () => {
  it('reads MFA_ENCRYPTION_KEY as 32 bytes (hex or base64) and refuses anything else', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'test', MFA_ENCRYPTION_KEY: hex }).mfaEncryptionKey).toEqual(Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ NODE_ENV: 'test', MFA_ENCRYPTION_KEY: b64 }).mfaEncryptionKey).toEqual(Buffer.alloc(32, 9));
    expect(() => loadConfig({ NODE_ENV: 'test', MFA_ENCRYPTION_KEY: 'short' })).toThrow(
      /MFA_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).mfaEncryptionKey).toBeNull();
  });

  it('requires administrators’ second factor unless demo mode is on (REQUIRE_ADMIN_MFA overrides)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).requireAdminMfa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x' }).requireAdminMfa).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x', REQUIRE_ADMIN_MFA: '0' }).requireAdminMfa).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_MODE: '0' }).requireAdminMfa).toBe(true);
  });

  it('without MFA_ENCRYPTION_KEY, generates one key and keeps it in the database for every later start', async () => {
    const handle = await freshDatabase();
    try {
      const first = await resolveMfaKey(handle.db, null);
      expect(first).toHaveLength(32);
      expect(await resolveMfaKey(handle.db, null)).toEqual(first);
      const configured = Buffer.alloc(32, 1);
      expect(await resolveMfaKey(handle.db, configured)).toBe(configured);
    } finally {
      await handle.close();
    }
  });
});
