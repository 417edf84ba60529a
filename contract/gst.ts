/**
 * Indian GST facts shared by the SPA and the server: the 36 states and union territories with their
 * GST state codes, GSTIN validation, and the tax split of a price in integer paise.
 */
import { rupeesToPaise } from './money.ts';

/** GST state codes (the first two digits of a GSTIN). 25 (Daman and Diu) merged into 26 in 2020; 28 is no longer used. */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]['code'];

export const GST_STATE_CODES = GST_STATES.map((s) => s.code) as [GstStateCode, ...GstStateCode[]];

export function stateName(code: string): string | undefined {
  return GST_STATES.find((s) => s.code === code)?.name;
}

/** SAC of commercial training and coaching services, and its GST rate. */
export const SAC_TRAINING = '999293';
export const GST_RATE_PERCENT = 18;

export const GSTIN_MESSAGES = {
  format: 'Enter a 15-character GSTIN like 27AAPFU0939F1ZV.',
  checksum: 'This GSTIN has a wrong check digit: check it for typing mistakes.',
  state: 'The GSTIN must start with the billing state’s code.',
  ownInstitute:
    'This is the institute’s own GSTIN. Enter your employer’s GSTIN, or leave the field empty to be invoiced as a person.',
} as const;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The 15th character of a GSTIN: a base-36 Luhn-style check over the first 14. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Null when valid; else the message to show. `stateCode` (optional) must be the GSTIN's first two digits. */
export function gstinProblem(value: string, stateCode?: string): string | null {
  const gstin = value.trim().toUpperCase();
  if (!GSTIN_PATTERN.test(gstin) || !GST_STATES.some((s) => s.code === gstin.slice(0, 2))) return GSTIN_MESSAGES.format;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.checksum;
  if (stateCode !== undefined && gstin.slice(0, 2) !== stateCode) return GSTIN_MESSAGES.state;
  return null;
}

export type TaxSplit = {
  /** Taxable value, CGST, SGST, IGST and total, all in paise; taxable + cgst + sgst + igst === total. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  /** True when the place of supply is the supplier's state (CGST + SGST), false for IGST. */
  intraState: boolean;
};

/** a * b / c rounded half up, for non-negative integers (exact: BigInt, no float error). */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(n / (BigInt(c) * 2n));
}

/**
 * The GST split of a price, in integer paise (rounding rule in docs/decisions/015-invoice-numbering-and-rounding.md):
 * - inclusive (the price is what the student pays): each tax is price × rate / (100 + 18) rounded half up to
 *   the paisa (CGST and SGST at 9% each, so they are always equal; IGST at 18%), and the taxable value is the
 *   price minus the taxes, so the parts add up to the price exactly;
 * - exclusive (the price is the taxable value): each tax is price × rate / 100 rounded half up, and the total
 *   is the price plus the taxes.
 */
export function splitGst(pricePaise: number, options: { inclusive: boolean; intraState: boolean }): TaxSplit {
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0) throw new Error('A price is a whole number of paise.');
  const { inclusive, intraState } = options;
  const base = inclusive ? 100 + GST_RATE_PERCENT : 100;
  if (intraState) {
    const half = mulDivRound(pricePaise, GST_RATE_PERCENT / 2, base);
    const taxable = inclusive ? pricePaise - 2 * half : pricePaise;
    return { taxable, cgst: half, sgst: half, igst: 0, total: taxable + 2 * half, intraState };
  }
  const igst = mulDivRound(pricePaise, GST_RATE_PERCENT, base);
  const taxable = inclusive ? pricePaise - igst : pricePaise;
  return { taxable, cgst: 0, sgst: 0, igst, total: taxable + igst, intraState };
}

/** How catalogue prices are taxed (GET /api/config/ tells the SPA; the server charges by the same rule). */
export type PricingRules = { pricesIncludeGst: boolean; instituteStateCode: string };

/**
 * What a student pays for a catalogue price in whole rupees, split: the place of supply is the billing
 * state, or the institute's when none is chosen. The server charges exactly `total` (the gateway order's
 * amount) and the checkout shows the same figures.
 */
export function priceSplit(priceRupees: number, rules: PricingRules, billingStateCode?: string | null): TaxSplit {
  const place = billingStateCode || rules.instituteStateCode;
  return splitGst(rupeesToPaise(priceRupees), {
    inclusive: rules.pricesIncludeGst,
    intraState: place === rules.instituteStateCode,
  });
}

/**
 * The proportional split of a part of a total (a partial refund): every tax is the original tax × part /
 * total rounded half up, and the taxable value is the part minus the taxes, so the parts add up to `part`.
 */
export function proportionalSplit(original: TaxSplit, partPaise: number): TaxSplit {
  if (!Number.isSafeInteger(partPaise) || partPaise < 0 || partPaise > original.total) {
    throw new Error('A part is a whole number of paise, at most the total.');
  }
  if (original.total === 0) return { ...original };
  const share = (tax: number) => mulDivRound(tax, partPaise, original.total);
  const cgst = share(original.cgst);
  const sgst = original.cgst === original.sgst ? cgst : share(original.sgst);
  const igst = share(original.igst);
  return {
    taxable: partPaise - cgst - sgst - igst,
    cgst,
    sgst,
    igst,
    total: partPaise,
    intraState: original.intraState,
  };
}
