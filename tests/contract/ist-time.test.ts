import { describe, expect, it } from 'vitest';
import {
  financialYear,
  formatDocumentDate,
  formatIstDate,
  formatIstDateTime,
  istDateTime,
  istDayEnd,
  istDayStart,
  istToday,
} from '../../contract/time.ts';

/** India Standard Time at its edges: midnight IST is 18:30 UTC the day before; the year turns on 1 April. */
describe('IST calendar days', () => {
  it('a day runs from midnight IST (18:30 UTC the day before) to the next midnight IST', () => {
    expect(istDayStart('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayEnd('2026-11-23')).toBe('2026-11-23T18:30:00.000Z');
    // Across a month and a year end.
    expect(istDayStart('2027-01-01')).toBe('2026-12-31T18:30:00.000Z');
    expect(istDayEnd('2026-12-31')).toBe('2026-12-31T18:30:00.000Z');
  });

  it('today and the date-time of an instant are IST ones, a minute either side of midnight IST', () => {
    expect(istToday(new Date('2026-11-22T18:29:59.999Z'))).toBe('2026-11-22');
    expect(istToday(new Date('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
    expect(istDateTime('2026-11-22T18:29:00.000Z')).toBe('2026-11-22 23:59');
    expect(istDateTime('2026-11-22T18:30:00.000Z')).toBe('2026-11-23 00:00');
  });
});

describe('the financial year (1 April to 31 March, IST)', () => {
  it('turns at midnight IST between 31 March and 1 April', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27'); // 31 Mar 23:59:59 IST
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('27-28'); // 1 Apr 00:00 IST
    expect(financialYear(new Date('2026-04-01T00:00:00.000Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-12-31T12:00:00.000Z'))).toBe('99-00');
  });
});

describe('displays name the day as India sees it', () => {
  it('date-time with the zone named, the date alone, and the invoice date', () => {
    expect(formatIstDateTime('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026, 3:30 pm IST');
    expect(formatIstDate('2026-11-22T18:30:00.000Z')).toBe('23 Nov 2026');
    expect(formatIstDate('2026-11-22T18:29:00.000Z')).toBe('22 Nov 2026');
    expect(formatDocumentDate('2027-03-31T18:30:00.000Z')).toBe('01 Apr 2027');
  });

  it('shows text that is not a date as it is', () => {
    expect(formatIstDateTime('soon')).toBe('soon');
    expect(formatIstDate('')).toBe('');
  });
});
