/**
 * Limits and start-up refusals of decision record 065: the per-account rate limits of the data export,
 * the password change and the erasure request; the absolute end of a login; and the two configurations the
 * server refuses to start with (an administrators' second factor whose key would live in the database it
 * protects, and the demo, with its published passwords, on a public address by default).
 */
import { int } from './config-parse.ts';

export type HardeningConfig = {
  /** Data exports per account per hour (DATA_EXPORT_MAX_PER_HOUR). */
  exportMaxPerHour: number;
  /** Wrong current passwords per account in LOGIN_WINDOW_SECONDS before the password change answers 429. */
  passwordChangeMaxFailures: number;
  /** Erasure requests per account per day, refused ones too (ERASURE_REQUEST_MAX_PER_DAY). */
  erasureRequestMaxPerDay: number;
  /** A login (refresh-token family) ends this many days after it began, however often it refreshes. */
  refreshAbsoluteSeconds: number;
};

export function loadHardeningConfig(env: NodeJS.ProcessEnv): HardeningConfig {
  return {
    exportMaxPerHour: int(env.DATA_EXPORT_MAX_PER_HOUR, 5, 'DATA_EXPORT_MAX_PER_HOUR'),
    passwordChangeMaxFailures: int(env.PASSWORD_CHANGE_MAX_FAILURES, 5, 'PASSWORD_CHANGE_MAX_FAILURES'),
    erasureRequestMaxPerDay: int(env.ERASURE_REQUEST_MAX_PER_DAY, 5, 'ERASURE_REQUEST_MAX_PER_DAY'),
    refreshAbsoluteSeconds: int(env.REFRESH_ABSOLUTE_DAYS, 30, 'REFRESH_ABSOLUTE_DAYS') * 86_400,
  };
}

/** 127.0.0.0/8, ::1 and localhost: an address no other machine reaches. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Outside production, listening on a non-loopback HOST runs the demo only when DEMO_MODE=1 says so. */
export const DEMO_ON_PUBLIC_HOST = (host: string) =>
  `HOST=${host} is reachable from other machines, and without NODE_ENV=production the server runs in demo mode, ` +
  'whose logins (admin/admin123) are published. Set DEMO_MODE=1 to run the demo there on purpose, ' +
  'NODE_ENV=production (or DEMO_MODE=0) for a real site, or leave HOST unset (127.0.0.1).';

export const ADMIN_MFA_KEY_MISSING =
  "REQUIRE_ADMIN_MFA is on, and MFA_ENCRYPTION_KEY is not set: the authenticator apps' secrets would be sealed " +
  'with a key kept in the same database. Make a key with `openssl rand -base64 32` (or `node -e ' +
  "\"console.log(require('crypto').randomBytes(32).toString('base64'))\"`) and set MFA_ENCRYPTION_KEY to it.";

/** The configurations the server refuses to start with (thrown as the start-up error). */
export function refuseUnsafeStart(
  env: NodeJS.ProcessEnv,
  c: { production: boolean; host: string; requireAdminMfa: boolean; mfaEncryptionKey: Buffer | null },
): void {
  if (c.production && c.requireAdminMfa && !c.mfaEncryptionKey) throw new Error(ADMIN_MFA_KEY_MISSING);
  const demoUnsaid = env.DEMO_MODE === undefined || env.DEMO_MODE === '';
  if (!c.production && demoUnsaid && !isLoopback(c.host)) throw new Error(DEMO_ON_PUBLIC_HOST(c.host));
}
