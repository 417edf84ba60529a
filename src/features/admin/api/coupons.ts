import { COUPON_PATHS, formatRupees, type ScholarshipInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/users/{id}/scholarships/ (audited); answers the sentence the dialog shows. */
export async function grantScholarship(userId: number, input: ScholarshipInput): Promise<string> {
  await api.send('POST', COUPON_PATHS.scholarships(userId), input);
  const off = input.kind === 'percent' ? `${input.value}%` : formatRupees(input.value);
  return `Scholarship granted: ${off} off, applied at this student's checkout.`;
}
