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
