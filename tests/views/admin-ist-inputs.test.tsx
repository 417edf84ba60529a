import { describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../src/features/admin/tabs/resources.ts';
import type { AdminResource, FieldSpec, FilterSpec } from '../../src/features/admin/tabs/resource-types.ts';

/**
 * Issue 39: every date and date-time the office types is read in India Standard Time and says so. A
 * date-time field is drawn by the admin form with the IST hint (tests/views/admin-coupons.test.tsx sees it
 * rendered); a date filter picks IST calendar days, so its label names IST. This walks every tab.
 */
const resources = ADMIN_TABS.filter((tab): tab is AdminResource => 'listPath' in tab);
const fieldsOf = (r: AdminResource): FieldSpec[] => [...(r.form?.fields ?? []), ...(r.form?.edit?.fields ?? [])];

describe('the office’s date inputs', () => {
  it('every date filter of every tab names IST in its label', () => {
    const dates: FilterSpec[] = ADMIN_TABS.flatMap((tab) => tab.filters ?? []).filter((f) => f.kind === 'date');
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.filter((f) => !/\bIST\b|India Standard Time/.test(f.label)).map((f) => f.label)).toEqual([]);
  });

  it('every date-time field of every form is an IST one (typed and sent in IST, with the IST hint)', () => {
    const datetimes = resources.flatMap(fieldsOf).filter((f) => f.kind === 'datetime');
    expect(datetimes.length).toBeGreaterThan(0);
    // No other way to type a time: a text field named like a time would escape the hint (a date field is a
    // calendar day, such as a batch's Starts on).
    const timeLike = resources
      .flatMap(fieldsOf)
      .filter((f) => f.kind === 'text' && /\b(time|at|starts?|ends?)\b/i.test(f.label));
    expect(timeLike.map((f) => f.label)).toEqual([]);
  });
});
