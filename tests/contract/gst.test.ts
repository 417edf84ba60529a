import { describe, expect, it } from 'vitest';
import {
  GST_STATES,
  GSTIN_MESSAGES,
  gstinCheckChar,
  gstinProblem,
  proportionalSplit,
  splitGst,
  stateName,
} from '../../contract/index.ts';
import { financialYear } from '../../contract/time.ts';
import { formatNumber } from '../../server/domains/billing/numbering.ts';
import { formatPaiseFigure as formatPaise } from '../../contract/money.ts';
import { amountInWords, numberInWords } from '../../server/domains/billing/words.ts';

describe('GST states', () => {
  it('lists the 36 states and union territories with unique two-digit codes', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
    for (const s of GST_STATES) expect(s.code).toMatch(/^\d{2}$/);
    expect(stateName('27')).toBe('Maharashtra');
    expect(stateName('29')).toBe('Karnataka');
    expect(stateName('38')).toBe('Ladakh');
    expect(stateName('28')).toBeUndefined();
  });
});

describe('GSTIN validation', () => {
  it('accepts a real-format GSTIN with its check character and refuses any single-character typo', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('27aapfu0939f1zv')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(GSTIN_MESSAGES.checksum);
    expect(gstinProblem('27AAPFU0993F1ZV')).toBe(GSTIN_MESSAGES.checksum);
  });
  it('refuses a wrong shape or an unknown state', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(GSTIN_MESSAGES.format);
    expect(gstinProblem('27AAPF00939F1ZV')).toBe(GSTIN_MESSAGES.format);
    const unknownState = `28AAPFU0939F1Z`;
    expect(gstinProblem(unknownState + gstinCheckChar(unknownState))).toBe(GSTIN_MESSAGES.format);
  });
  it('requires the first two digits to be the billing state', () => {
    expect(gstinProblem('27AAPFU0939F1ZV', '27')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', '29')).toBe(GSTIN_MESSAGES.state);
  });
});

describe('the GST split in integer paise', () => {
  it('adds up exactly for every price from ₹1 to ₹3,00,000, inclusive and exclusive, intra and inter state', () => {
    let checked = 0;
    for (let rupees = 1; rupees <= 300_000; rupees++) {
      const price = rupees * 100;
      for (const inclusive of [true, false]) {
        for (const intraState of [true, false]) {
          const s = splitGst(price, { inclusive, intraState });
          const sum = s.taxable + s.cgst + s.sgst + s.igst;
          if (sum !== s.total || (inclusive ? s.total !== price : s.taxable !== price)) {
            throw new Error(`₹${rupees} ${inclusive ? 'inclusive' : 'exclusive'} ${intraState}: ${JSON.stringify(s)}`);
          }
          if (intraState ? s.igst !== 0 || s.cgst !== s.sgst : s.cgst + s.sgst !== 0) {
            throw new Error(`₹${rupees}: wrong taxes for the place of supply ${JSON.stringify(s)}`);
          }
          // Within half a paisa per tax of the exact rate applied to the taxable value.
          const exact = (s.taxable * 18) / 100;
          if (Math.abs(s.cgst + s.sgst + s.igst - exact) > 1.5) throw new Error(`₹${rupees}: ${JSON.stringify(s)}`);
          checked++;
        }
      }
    }
    expect(checked).toBe(1_200_000);
  });

  it('splits ₹1,18,000 inclusive into ₹1,00,000 + 9% + 9%, and ₹1,00,000 exclusive into ₹1,18,000', () => {
    expect(splitGst(11_800_000, { inclusive: true, intraState: true })).toMatchObject({
      taxable: 10_000_000,
      cgst: 900_000,
      sgst: 900_000,
      igst: 0,
      total: 11_800_000,
    });
    expect(splitGst(10_000_000, { inclusive: false, intraState: false })).toMatchObject({
      taxable: 10_000_000,
      igst: 1_800_000,
      total: 11_800_000,
    });
    // ₹1 inclusive: tax 15.25 paise → 15, halves 7.63 → 8 each.
    expect(splitGst(100, { inclusive: true, intraState: true })).toMatchObject({ taxable: 84, cgst: 8, sgst: 8 });
  });

  it('splits a partial refund in proportion, adding up to the refunded amount', () => {
    const original = splitGst(6_500_000, { inclusive: true, intraState: true });
    for (const part of [1, 99, 100, 3_250_000, 6_499_999, 6_500_000]) {
      const s = proportionalSplit(original, part);
      expect(s.taxable + s.cgst + s.sgst + s.igst).toBe(part);
      expect(s.cgst).toBe(s.sgst);
    }
    expect(proportionalSplit(original, 6_500_000)).toEqual(original);
  });
});

describe('amounts in words (Indian system)', () => {
  it('uses thousand, lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(118_000)).toBe('One Lakh Eighteen Thousand');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(amountInWords(11_800_050)).toBe('Indian Rupees One Lakh Eighteen Thousand and Fifty Paise Only');
    expect(amountInWords(6_500_000)).toBe('Indian Rupees Sixty Five Thousand Only');
  });
  it('formats figures with Indian grouping and two decimals', () => {
    expect(formatPaise(11_800_050)).toBe('1,18,000.50');
    expect(formatPaise(5)).toBe('0.05');
    expect(formatPaise(123_456_789_00)).toBe('12,34,56,789.00');
  });
});

describe('invoice numbers', () => {
  it('belong to the April–March financial year in India time', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('25-26'); // 23:59:59 IST, 31 March
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('26-27'); // 00:00 IST, 1 April
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });
  it('are at most 16 characters of letters, digits, - and /', () => {
    expect(formatNumber('CCI', 'invoice', '26-27', 42)).toBe('CCI/26-27/00042');
    expect(formatNumber('CCIX', 'invoice', '26-27', 99_999)).toHaveLength(16);
    expect(formatNumber('CCI', 'credit_note', '26-27', 7)).toBe('CCI/26-27/C0007');
    for (const n of [formatNumber('ABCD', 'credit_note', '26-27', 9999)]) expect(n).toMatch(/^[A-Z0-9/-]{1,16}$/);
    expect(() => formatNumber('CCI', 'invoice', '26-27', 100_000)).toThrow(/full/);
    expect(() => formatNumber('CCI/1', 'invoice', '26-27', 1)).toThrow(/INVOICE_PREFIX/);
  });
});
