/**
 * Data-protection settings (docs/api.md, "Data protection"): the grievance officer the policy pages name,
 * the privacy notice's version that consent records cite, and the retention periods the daily
 * housekeeping applies. Demo mode fills in a fictitious officer; otherwise missing ones are named at start.
 */
export type PrivacyConfig = {
  grievanceOfficer: { name: string; email: string; phone: string; address: string };
  /** PRIVACY_NOTICE_VERSION: changes whenever content/policies/privacy.md changes in substance. */
  noticeVersion: string;
  /** Counseling requests that never became a student are deleted after this many months. */
  counselingRetentionMonths: number;
  /** An email's subject, bodies and attachments are blanked this many days after it was written. */
  outboxBodyRetentionDays: number;
  /** Password reset rows are deleted this many days after they expired (or were used). */
  resetTokenRetentionDays: number;
  /** How long a privacy request may take (the institute's promise): due this many days after receipt. */
  requestDueDays: number;
};

export const DEMO_GRIEVANCE_OFFICER: PrivacyConfig['grievanceOfficer'] = {
  name: 'Meera Iyer',
  email: 'grievance@creditcareers.example.in',
  phone: '+91 22 4000 1299',
  address: '4th Floor, Trade Centre, Bandra Kurla Complex, Bandra (East), Mumbai 400051',
};

const OFFICER_ENV: Record<keyof PrivacyConfig['grievanceOfficer'], string> = {
  name: 'GRIEVANCE_OFFICER_NAME',
  email: 'GRIEVANCE_OFFICER_EMAIL',
  phone: 'GRIEVANCE_OFFICER_PHONE',
  address: 'GRIEVANCE_OFFICER_ADDRESS',
};

const DEMO_NOTICE_VERSION = '2026-11';

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}".`);
  return n;
}

export function loadPrivacyConfig(env: NodeJS.ProcessEnv, demo: boolean): PrivacyConfig {
  const officer = {} as PrivacyConfig['grievanceOfficer'];
  for (const [key, name] of Object.entries(OFFICER_ENV) as [keyof typeof OFFICER_ENV, string][]) {
    officer[key] = env[name]?.trim() || (demo ? DEMO_GRIEVANCE_OFFICER[key] : '');
  }
  return {
    grievanceOfficer: officer,
    noticeVersion: env.PRIVACY_NOTICE_VERSION?.trim() || (demo ? DEMO_NOTICE_VERSION : ''),
    counselingRetentionMonths: whole(env.RETAIN_COUNSELING_MONTHS, 12, 'RETAIN_COUNSELING_MONTHS'),
    outboxBodyRetentionDays: whole(env.RETAIN_OUTBOX_BODY_DAYS, 90, 'RETAIN_OUTBOX_BODY_DAYS'),
    resetTokenRetentionDays: whole(env.RETAIN_RESET_TOKEN_DAYS, 1, 'RETAIN_RESET_TOKEN_DAYS'),
    requestDueDays: 90,
  };
}

/** The settings the policy pages need and that are not set (named at start when demo mode is off). */
export function missingPrivacySettings(privacy: PrivacyConfig): string[] {
  const missing = (Object.keys(OFFICER_ENV) as (keyof typeof OFFICER_ENV)[])
    .filter((key) => !privacy.grievanceOfficer[key])
    .map((key) => OFFICER_ENV[key]);
  if (!privacy.noticeVersion) missing.push('PRIVACY_NOTICE_VERSION');
  return missing;
}
