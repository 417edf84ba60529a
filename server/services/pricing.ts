import type { z } from 'zod';
import { priceSplit, type PaymentStartInput } from '../../contract/index.ts';
import type { Institute } from '../config.ts';

/**
 * Pricing: what is due, in paise, for a course. Today that is the catalogue price taxed by the shared
 * rule (contract/gst.ts: prices include GST or not, intra- or inter-state by the billing state), the same
 * figures the checkout shows; a coupon, a scholarship or an instalment plan is one more step here.
 */

/** How a new payment is taxed: catalogue prices include GST or not, and the institute's state. */
export type PricingRules = { pricesIncludeGst: boolean; institute: Pick<Institute, 'stateCode'> & Partial<Institute> };

/** The amount charged in paise for a catalogue price (whole rupees), by the place of supply the billing details give. */
export function paiseDueForCourse(
  rules: PricingRules,
  price: number,
  billing: z.output<typeof PaymentStartInput>['billing'],
): number {
  // The shared rule: the checkout shows exactly this total (contract/gst.ts).
  return priceSplit(
    price,
    { pricesIncludeGst: rules.pricesIncludeGst, instituteStateCode: rules.institute.stateCode },
    billing?.state_code,
  ).total;
}
