import type { Db } from '../../platform/db/connect.ts';
import { createTaxDocumentRepository } from './repository.ts';

/**
 * What other domains use of billing beyond its service (decision record 076): the tax documents a payment's
 * events issue, the rule on a buyer's GSTIN, and a payment read with its buyer and course for its invoice.
 */
export { createBilling } from './documents.ts';
export { refuseInstituteGstin } from './buyer-gstin.ts';

/** A payment with its account, billing details and course title, as its invoice and emails need it. */
export const paymentForInvoice = (db: Db, paymentId: number) =>
  createTaxDocumentRepository(db).paymentForInvoice(paymentId);
