/**
 * The certificate rules' two numbers (decision record 052), from the environment: the attendance a student
 * needs (CERTIFICATE_MIN_ATTENDANCE, percent of the batch's held sessions, default 75) and the pass mark of
 * every assignment (CERTIFICATE_PASS_PERCENT, percent of its marks, default 40). Whole numbers 0 to 100.
 */
export type CertificateConfig = { minAttendancePercent: number; passPercent: number };

function percent(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    throw new Error(`${name} must be a whole number from 0 to 100, got "${value}".`);
  }
  return n;
}

export function loadCertificateConfig(env: NodeJS.ProcessEnv): CertificateConfig {
  return {
    minAttendancePercent: percent(env.CERTIFICATE_MIN_ATTENDANCE, 75, 'CERTIFICATE_MIN_ATTENDANCE'),
    passPercent: percent(env.CERTIFICATE_PASS_PERCENT, 40, 'CERTIFICATE_PASS_PERCENT'),
  };
}
