import { describe, expect, it } from 'vitest';
import { periodsOf } from '../../server/platform/db/record-counts.ts';

/** A date range of the admin lists, as the kept totals' whole months and end days (decision record 059). */
describe('periodsOf', () => {
  it('reads the all-time rows without a range', () => {
    expect(periodsOf()).toEqual({ grain: 'all' });
  });

  it('reads whole months as months and partial ones as days, across a year and a leap February', () => {
    expect(periodsOf('2023-12-15', '2024-03-10')).toEqual({
      grain: 'split',
      months: ['2024-01', '2024-02'],
      days: [
        ['2023-12-15', '2023-12-31'],
        ['2024-03-01', '2024-03-10'],
      ],
    });
    expect(periodsOf('2024-02-01', '2024-02-29')).toEqual({ grain: 'split', months: ['2024-02', '2024-02'], days: [] });
    expect(periodsOf('2023-02-01', '2023-02-28')).toEqual({ grain: 'split', months: ['2023-02', '2023-02'], days: [] });
    expect(periodsOf('2024-02-01', '2024-02-28')).toEqual({
      grain: 'split',
      months: null,
      days: [['2024-02-01', '2024-02-28']],
    });
  });

  it('reads adjacent partial months as days only, and open ends as far as the rows go', () => {
    expect(periodsOf('2026-01-20', '2026-02-10')).toEqual({
      grain: 'split',
      months: null,
      days: [
        ['2026-01-20', '2026-01-31'],
        ['2026-02-01', '2026-02-10'],
      ],
    });
    expect(periodsOf('2026-02-01')).toEqual({ grain: 'split', months: ['2026-02', '9999-12'], days: [] });
    expect(periodsOf(undefined, '2026-01-10')).toEqual({
      grain: 'split',
      months: ['0000-01', '2025-12'],
      days: [['2026-01-01', '2026-01-10']],
    });
  });
});
