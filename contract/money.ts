/**
 * Money, in one place. Paise (integers) are the one unit of arithmetic: every amount the code adds,
 * compares, taxes, refunds or sends to the gateway is in paise. Catalogue prices and the older stored
 * columns (`payments.amount`, `refunds.amount`) hold whole rupees; they are read through `rupeesToPaise`
 * and `paymentTotalPaise`, and nothing outside this module multiplies or divides money by 100
 * (tests/contract/money-units.test.ts checks the source tree for it).
 *
 * Formatting is Indian digit grouping (₹1,50,000.00) everywhere: the SPA, the emails, the PDFs and the
 * sandbox gateway's checkout page.
 */

const PAISE_PER_RUPEE = 100;

/** Whole (or fractional) rupees to paise: 650 → 65000. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/** Paise to rupees (for a figure shown or charted in rupees): 65050 → 650.5. */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Paise as whole rupees and the paise left over: 11800050 → { rupees: 118000, paise: 50 } (of the magnitude). */
export function splitRupeesPaise(paise: number): { rupees: number; paise: number } {
  const abs = Math.abs(paise);
  return { rupees: Math.floor(abs / PAISE_PER_RUPEE), paise: abs % PAISE_PER_RUPEE };
}

/**
 * What a payment is for, in paise: its `total_paise` (the gateway order's amount, tax included) when it
 * has one, else its price in rupees (payments from before the tax split, and free enrollments).
 */
export function paymentTotalPaise(payment: { amount: number; total_paise: number | string | bigint | null }): number {
  return payment.total_paise === null ? rupeesToPaise(payment.amount) : Number(payment.total_paise);
}

/**
 * Net revenue in paise (decision record 066): what was received and kept, the list prices (whole rupees)
 * less the discounts given (paise) less the refunds (whole rupees). The Revenue tab and the stats tile.
 */
export function netPaise(grossRupees: number, discountPaise: number, refundedRupees: number): number {
  return rupeesToPaise(grossRupees) - discountPaise - rupeesToPaise(refundedRupees);
}

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A catalogue price in whole rupees, no decimals: 125000 → "₹1,25,000". */
export function formatRupees(rupees: number): string {
  return wholeRupees.format(rupees);
}

/** An amount in paise with its paise: 1180050 → "₹11,800.50" (the tax breakdown, reconciliation). */
export function formatPaise(paise: number): string {
  return withPaise.format(paiseToRupees(paise));
}

/** As the site shows prices, paise only when there are some: 6500000 → "₹65,000", 118050 → "₹1,180.50" (emails). */
export function formatPaiseCompact(paise: number): string {
  return paise % PAISE_PER_RUPEE === 0 ? wholeRupees.format(paiseToRupees(paise)) : formatPaise(paise);
}

/** The invoice's figures: 11800050 → "1,18,000.50" (Indian grouping, always two decimals, no symbol). */
export function formatPaiseFigure(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const { rupees, paise: rest } = splitRupeesPaise(paise);
  const digits = rupees.toString();
  const last3 = digits.slice(-3);
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${head ? `${head},${last3}` : last3}.${String(rest).padStart(2, '0')}`;
}

/**
 * `percent` per cent of an amount in paise, rounded half up to the paisa (exact integer arithmetic):
 * percentOfPaise(99999, 15) → 15000. `percent` is a whole number from 0 to 100.
 */
export function percentOfPaise(paise: number, percent: number): number {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error('An amount is a whole number of paise.');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new Error('A percentage is 0 to 100.');
  const n = BigInt(paise) * BigInt(percent) * 2n + BigInt(PAISE_PER_RUPEE);
  return Number(n / (BigInt(PAISE_PER_RUPEE) * 2n));
}

/**
 * Splits a total in paise in proportion to `weights` (largest remainder, Hamilton's method): every part is
 * a whole number of paise, the parts add up to the total exactly, and each part differs from its exact
 * share by less than one paisa. Ties in the remainders go to the earlier part. Weights are non-negative
 * integers, at least one of them above zero: splitInProportion(100000, [1, 1, 1]) → [33334, 33333, 33333].
 */
export function splitInProportion(totalPaise: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new Error('A total is a whole number of paise.');
  if (weights.length === 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) {
    throw new Error('Weights are whole numbers, zero or more.');
  }
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) throw new Error('At least one weight is above zero.');
  const total = BigInt(totalPaise);
  const parts = weights.map((w) => (total * BigInt(w)) / sum);
  const remainders = weights.map((w, index) => ({ index, rest: (total * BigInt(w)) % sum }));
  let left = Number(total - parts.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index]! += 1n;
    left -= 1;
  }
  return parts.map(Number);
}
