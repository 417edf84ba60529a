import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, type RevenueRow } from '../../contract/index.ts';
import { ok } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The Revenue tab's Discounts column (decision record 053): the API answers each row's discount in rupees,
 * as gross, refunded and net; the table shows it so, with its paise when it has some. Net is gross less
 * discounts less refunds (decision record 066), and the column headings say so.
 */

const ROWS: RevenueRow[] = [
  { key: '2026-10', label: 'Oct 2026', payments: 2, gross: 20000, refunded: 0, net: 18500, discount: 1500 },
  { key: '2026-11', label: 'Nov 2026', payments: 1, gross: 1499, refunded: 0, net: 1274.15, discount: 224.85 },
];

describe('Revenue tab: discounts', () => {
  it('shows each row’s discount in rupees (₹1,500; ₹224.85) and their total', async () => {
    renderApp('/admin?tab=revenue', {
      user: admin,
      routes: {
        [`GET ${API.admin.revenue}`]: ok(ROWS),
        [`GET ${API.programs.list}`]: ok([program()]),
      },
    });
    const table = within(await screen.findByRole('table', { name: /Revenue by month/ }));
    const cells = (name: RegExp) =>
      within(table.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const headings = table.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Month',
      'Payments',
      'Gross (list prices)',
      'Discounts',
      'Refunded',
      'Net (gross − discounts − refunds)',
    ]);
    expect(cells(/Oct 2026/)[2]).toBe('₹1,500');
    expect(cells(/Nov 2026/)[2]).toBe('₹224.85');
    expect(cells(/Total/)[2]).toBe('₹1,724.85');
    // Net with its paise, and the total summed in paise.
    expect(cells(/Oct 2026/).at(-1)).toBe('₹18,500');
    expect(cells(/Nov 2026/).at(-1)).toBe('₹1,274.15');
    expect(cells(/Total/).at(-1)).toBe('₹19,774.15');
  });
});
