import { afterEach, beforeEach, vi } from 'vitest';
import { totpCode } from '../../../server/domains/accounts/mfa/totp.ts';
import type { TestContext, TestUser } from './harness.ts';

/** The seed of an otpauth:// URI (what an authenticator app reads from the QR code). */
export const seedOf = (otpauthUrl: string): string => new URL(otpauthUrl).searchParams.get('secret')!;

/** The code of `seed` `steps` time steps from now. */
export const codeAt = (seed: string, steps = 0): string => totpCode(seed, Math.floor(Date.now() / 1000) + steps * 30);

/** Sets up and confirms an authenticator app for `user` through the API; answers its seed and recovery codes. */
export async function enrolTotp(ctx: TestContext, user: TestUser): Promise<{ seed: string; recovery: string[] }> {
  const setup = await ctx.request({ method: 'POST', url: '/auth/mfa/totp/setup/', token: user.access });
  if (setup.status !== 200) throw new Error(`set-up answered ${setup.status}`);
  const seed = seedOf((setup.body as { otpauth_url: string }).otpauth_url);
  const confirm = await ctx.request({
    method: 'POST',
    url: '/auth/mfa/totp/confirm/',
    token: user.access,
    body: { code: codeAt(seed) },
  });
  if (confirm.status !== 200) throw new Error(`confirm answered ${confirm.status} ${confirm.raw}`);
  return { seed, recovery: (confirm.body as { recovery_codes: string[] }).recovery_codes };
}

/**
 * Codes depend on the clock: for the rest of the file, Date moves only forward, and each test starts 10 s
 * into a 30-second step, two steps after where the previous test left it (a used step stays used).
 * `later(seconds)` moves it on within a test.
 */
export function useCodeClock(): { later: (seconds: number) => void } {
  let clock = Date.now();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock = (Math.floor(Math.max(clock, Date.now()) / 30_000) * 30 + 70) * 1000;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    clock = Date.now();
    vi.useRealTimers();
  });
  return { later: (seconds) => vi.setSystemTime(Date.now() + seconds * 1000) };
}
