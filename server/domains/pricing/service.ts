import { isIntraState, quote, rupeesToPaise, type Quote, type QuoteDiscount } from '../../../contract/index.ts';
import type { Institute } from '../../config.ts';

/**
 * Pricing: what is due, in paise, for a course. It is the shared quote (contract/quote.ts: the list price,
 * less a coupon or scholarship, taxed by the shared GST rule, intra- or inter-state by the billing state),
 * the same figures the checkout shows and the invoice prints.
 */

/** How a new payment is taxed: catalogue prices include GST or not, and the institute's state. */
export type PricingRules = { pricesIncludeGst: boolean; institute: Pick<Institute, 'stateCode'> & Partial<Institute> };

/** The quote of a catalogue price (whole rupees) with its discount, by the place of supply the billing details give. */
export function quoteForCourse(
  rules: PricingRules,
  price: number,
  billing: { state_code?: string | null } | null | undefined,
  coupon: QuoteDiscount | null = null,
): Quote {
  return quote({
    listPrice: rupeesToPaise(price),
    coupon,
    pricesIncludeGst: rules.pricesIncludeGst,
    intraState: isIntraState(
      { pricesIncludeGst: rules.pricesIncludeGst, instituteStateCode: rules.institute.stateCode },
      billing?.state_code,
    ),
  });
}
