import { describe, expect, it } from 'vitest';
import { largerDiscount, quote, type QuoteDiscount } from '../../contract/quote.ts';
import { rupeesToPaise, splitInProportion } from '../../contract/money.ts';

/** Representative discounts: small and large shares, amounts below, at and above a price. */
const COUPONS: (QuoteDiscount | null)[] = [
  null,
  { kind: 'percent', value: 1, code: 'ONE', source: 'coupon' },
  { kind: 'percent', value: 15, code: 'FIFTEEN', source: 'coupon' },
  { kind: 'percent', value: 33, code: 'THIRD', source: 'coupon' },
  { kind: 'percent', value: 100, code: 'FREE', source: 'coupon' },
  { kind: 'fixed', value: 99, code: 'LESS99P', source: 'coupon' },
  { kind: 'fixed', value: rupeesToPaise(500), code: 'LESS500', source: 'coupon' },
  { kind: 'fixed', value: rupeesToPaise(250000), code: 'LESS250K', source: 'scholarship' },
];
const RULES = [
  { pricesIncludeGst: true, intraState: true },
  { pricesIncludeGst: true, intraState: false },
  { pricesIncludeGst: false, intraState: true },
  { pricesIncludeGst: false, intraState: false },
];

describe('quote', () => {
  it('adds up to the paisa for every price from ₹1 to ₹3,00,000 and every representative discount', () => {
    let cases = 0;
    for (let rupees = 1; rupees <= 300_000; rupees++) {
      const listPrice = rupeesToPaise(rupees);
      for (const coupon of COUPONS) {
        // Every rule for the first thousand rupees, then alternating (the rules do not depend on the size).
        const rules = rupees <= 1000 ? RULES : [RULES[rupees % 4]!];
        for (const rule of rules) {
          const q = quote({ listPrice, coupon, ...rule });
          cases++;
          const fails =
            q.taxable + q.cgst + q.sgst + q.igst !== q.total ||
            q.discount < 0 ||
            q.discount > listPrice ||
            q.priceAfterDiscount !== listPrice - q.discount ||
            q.total < 0 ||
            q.taxable < 0 ||
            (rule.pricesIncludeGst ? q.total !== q.priceAfterDiscount : q.taxable !== q.priceAfterDiscount) ||
            (rule.intraState ? q.cgst !== q.sgst || q.igst !== 0 : q.cgst + q.sgst !== 0) ||
            q.instalments.length !== 1 ||
            q.instalments[0] !== q.total;
          if (fails) expect({ rupees, coupon, rule, q }).toBe('a quote that adds up');
        }
      }
    }
    expect(cases).toBeGreaterThan(300_000 * COUPONS.length);
    // A million quotes: about 2 s alone, several times that on a 2-core machine under the parallel steps.
  }, 60_000);

  it('takes a fixed coupon off the price and a percent coupon as a share of it, never below zero', () => {
    const rule = { pricesIncludeGst: true, intraState: true };
    const listPrice = rupeesToPaise(11800);
    expect(quote({ listPrice, coupon: COUPONS[6], ...rule })).toMatchObject({
      discount: 50000,
      priceAfterDiscount: 1130000,
      coupon: { code: 'LESS500', source: 'coupon' },
    });
    expect(quote({ listPrice, coupon: COUPONS[2], ...rule })).toMatchObject({ discount: 177000, total: 1003000 });
    const free = quote({ listPrice: rupeesToPaise(1000), coupon: COUPONS[7], ...rule });
    expect(free).toMatchObject({ discount: 100000, total: 0, taxable: 0, cgst: 0 });
  });

  it('taxes the discounted price: the taxable value excludes the discount (CGST Act s. 15(3)(a))', () => {
    // ₹10,000 plus GST, ₹1,000 off: GST on ₹9,000.
    const q = quote({
      listPrice: rupeesToPaise(10000),
      coupon: { kind: 'fixed', value: rupeesToPaise(1000), code: 'A', source: 'coupon' },
      pricesIncludeGst: false,
      intraState: false,
    });
    expect(q).toMatchObject({ taxable: 900000, igst: 162000, total: 1062000 });
  });

  it('divides the total by a plan in whole paise that add up', () => {
    const q = quote({ listPrice: 1000001, plan: { weights: [1, 1, 1] }, pricesIncludeGst: true, intraState: true });
    expect(q.instalments.reduce((a, b) => a + b, 0)).toBe(q.total);
  });

  it('applies the larger of a coupon and a scholarship, not both', () => {
    const coupon: QuoteDiscount = { kind: 'percent', value: 10, code: 'TEN', source: 'coupon' };
    const scholarship: QuoteDiscount = { kind: 'fixed', value: 50000, code: null, source: 'scholarship' };
    expect(largerDiscount(100000, coupon, scholarship)).toBe(scholarship);
    expect(largerDiscount(1000000, coupon, scholarship)).toBe(coupon);
    expect(largerDiscount(500000, coupon, scholarship)).toBe(coupon);
    expect(largerDiscount(500000, null, scholarship)).toBe(scholarship);
  });
});

describe('splitInProportion', () => {
  /** A small deterministic generator, so a failure is reproducible. */
  function* cases(): Generator<[number, number[]]> {
    let seed = 53;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 20000; i++) {
      const weights = Array.from({ length: 1 + next(12) }, () => next(i % 3 === 0 ? 5 : 100000));
      if (Math.max(...weights) === 0) weights[0] = 1;
      yield [next(i % 2 ? 100 : 300_000_01), weights];
    }
  }

  it('gives whole paise that add up to the total exactly, each within a paisa of its exact share', () => {
    for (const [total, weights] of cases()) {
      const parts = splitInProportion(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0);
      const ok =
        parts.length === weights.length &&
        parts.reduce((a, b) => a + b, 0) === total &&
        parts.every((p, i) => Number.isInteger(p) && p >= 0 && Math.abs(p - (total * weights[i]!) / sum) < 1) &&
        parts.every((p, i) => weights[i] !== 0 || p === 0);
      if (!ok) expect({ total, weights, parts }).toBe('an exact split');
    }
  });

  it('gives the remainder to the largest remainders, earlier parts first on a tie', () => {
    expect(splitInProportion(100000, [1, 1, 1])).toEqual([33334, 33333, 33333]);
    expect(splitInProportion(10, [1, 2])).toEqual([3, 7]);
    expect(splitInProportion(0, [3, 1])).toEqual([0, 0]);
  });

  it('refuses a split of nothing or of fractions of a paisa', () => {
    expect(() => splitInProportion(100, [0, 0])).toThrow();
    expect(() => splitInProportion(10.5, [1])).toThrow();
    expect(() => splitInProportion(100, [])).toThrow();
  });
});
