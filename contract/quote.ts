import { splitGst, type PricingRules } from './gst.ts';
import { percentOfPaise, splitInProportion } from './money.ts';

/**
 * The quote: the one place that computes what a student pays for a course (decision record 053). The
 * checkout's order summary, the payment start (the amount the gateway is asked for) and the tax invoice
 * all call `quote`, so the three can never disagree.
 *
 * Order of the steps: the list price, less the discount (a coupon or a scholarship, given before the
 * supply and shown on the invoice, so under CGST Act section 15(3)(a) it is not part of the value of
 * supply), gives the price after discount; GST is then split from (prices that include GST) or added to
 * (prices that exclude it) that price, as contract/gst.ts does for every price; the taxable value is the
 * discounted price without the tax. A plan (instalments) only divides the total, it changes no figure.
 */

/** A discount as it applies: a whole percentage (1–100) or a fixed amount in paise off the list price. */
export type QuoteDiscount = {
  kind: 'percent' | 'fixed';
  /** percent: 1–100; fixed: paise. */
  value: number;
  /** The coupon's code as shown on the invoice; null for a scholarship. */
  code: string | null;
  source: 'coupon' | 'scholarship';
};

/** An instalment plan, as far as a quote needs it: the weights its instalments divide the total by. */
export type QuotePlan = { weights: number[] };

export type QuoteInput = {
  /** The course's list price in paise (catalogue prices are whole rupees: rupeesToPaise(price)). */
  listPrice: number;
  /** The discount that applies, if any (choose between a coupon and a scholarship with `largerDiscount`). */
  coupon?: QuoteDiscount | null;
  /** An instalment plan, if any: the total divided by its weights (splitInProportion). */
  plan?: QuotePlan | null;
  /** Whether list prices include GST. */
  pricesIncludeGst: boolean;
  /** The place of supply is the institute's state (CGST + SGST) or not (IGST): see `isIntraState`. */
  intraState: boolean;
};

export type Quote = {
  /** All figures in paise. */
  listPrice: number;
  discount: number;
  /** listPrice − discount, never below zero. */
  priceAfterDiscount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** taxable + cgst + sgst + igst: what the student pays. */
  total: number;
  intraState: boolean;
  /** The discount applied (null: none). */
  coupon: { code: string | null; source: 'coupon' | 'scholarship' } | null;
  /** The total divided by the plan's weights; `[total]` without a plan. Adds up to `total` exactly. */
  instalments: number[];
};

/** The discount in paise a coupon gives on a list price: a share of it or an amount off it, never more than it. */
export function discountOn(
  listPrice: number,
  coupon: Pick<QuoteDiscount, 'kind' | 'value'> | null | undefined,
): number {
  if (!coupon) return 0;
  const off = coupon.kind === 'percent' ? percentOfPaise(listPrice, coupon.value) : coupon.value;
  if (!Number.isSafeInteger(off) || off < 0) throw new Error('A discount is a whole number of paise.');
  return Math.min(listPrice, off);
}

/** Of two discounts (a coupon entered, a scholarship granted), the one worth more on this price; the coupon on a tie. */
export function largerDiscount(
  listPrice: number,
  coupon: QuoteDiscount | null | undefined,
  scholarship: QuoteDiscount | null | undefined,
): QuoteDiscount | null {
  if (!coupon || !scholarship) return coupon ?? scholarship ?? null;
  return discountOn(listPrice, scholarship) > discountOn(listPrice, coupon) ? scholarship : coupon;
}

/** Whether the place of supply (the billing state, else the institute's) is the institute's state. */
export function isIntraState(rules: PricingRules, billingStateCode?: string | null): boolean {
  return (billingStateCode || rules.instituteStateCode) === rules.instituteStateCode;
}

/** Price, discount, taxable value, GST and total of a course, in paise (see the module's comment). */
export function quote(input: QuoteInput): Quote {
  const { listPrice, pricesIncludeGst, intraState } = input;
  if (!Number.isSafeInteger(listPrice) || listPrice < 0) throw new Error('A list price is a whole number of paise.');
  const discount = discountOn(listPrice, input.coupon);
  const priceAfterDiscount = listPrice - discount;
  const split = splitGst(priceAfterDiscount, { inclusive: pricesIncludeGst, intraState });
  return {
    listPrice,
    discount,
    priceAfterDiscount,
    taxable: split.taxable,
    cgst: split.cgst,
    sgst: split.sgst,
    igst: split.igst,
    total: split.total,
    intraState,
    coupon: input.coupon && discount > 0 ? { code: input.coupon.code, source: input.coupon.source } : null,
    instalments: input.plan ? splitInProportion(split.total, input.plan.weights) : [split.total],
  };
}
