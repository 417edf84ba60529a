import { GSTIN_MESSAGES } from '../../../contract/index.ts';
import { ValidationFailed } from '../../platform/lib/errors.ts';

/**
 * A buyer's GSTIN may not be the institute's own: an invoice from the institute to itself is not a B2B
 * supply (a supplier and a recipient are different persons, CGST Act 2017 section 2(93) and 2(105)), and
 * it would put the sale in the institute's own GSTR-1 B2B table against itself. 400 on the field.
 */
export function refuseInstituteGstin(billing: { gstin?: string | null } | null | undefined, instituteGstin?: string) {
  const buyer = billing?.gstin?.trim().toUpperCase();
  if (buyer && instituteGstin && buyer === instituteGstin.trim().toUpperCase()) {
    throw new ValidationFailed({ 'billing.gstin': [GSTIN_MESSAGES.ownInstitute] });
  }
}
