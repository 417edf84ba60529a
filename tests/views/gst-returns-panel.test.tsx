import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, istToday, MFA_MESSAGES, MFA_PATHS, type Gstr1Summary } from '../../contract/index.ts';
import { previousMonth } from '../../src/features/admin/components/gst-returns-panel.tsx';
import { fail, ok } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const totals = (table: Gstr1Summary['tables'][number]['table'], label: string, rows: number, taxable: number) => ({
  table,
  label,
  rows,
  taxable_paise: taxable,
  igst_paise: 0,
  cgst_paise: 0,
  sgst_paise: 0,
  value_paise: taxable,
});
const SUMMARY: Gstr1Summary = {
  period: '2026-10',
  gstin: '27AAHCC4321K1ZO',
  invoices: 3,
  credit_notes: 1,
  tables: [
    totals('b2b', 'B2B invoices (4A)', 1, 5508474),
    totals('b2cl', 'B2C large, inter-state (5)', 1, 12711864),
    totals('b2cs', 'B2C small, by state and rate (7)', 2, 4067797),
    totals('cdnr', 'Credit notes, registered (9B)', 1, 847458),
    totals('cdnur', 'Credit notes, unregistered (9B)', 0, 0),
    totals('hsn', 'HSN/SAC summary (12)', 2, 21440677),
    totals('docs', 'Documents issued (13)', 2, 0),
  ],
  net_taxable_paise: 21440677,
  warnings: ['B2C small, Maharashtra: this month’s credit notes exceed its sales (taxable -100).'],
};

function openRevenue() {
  return renderApp('/admin?tab=revenue', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok({
        total_students: 1,
        total_programs: 1,
        total_faculty: 1,
        total_workshops: 1,
        total_revenue: 1,
      }),
      [`GET ${API.admin.issueSummary}`]: ok({ total_issues: 0, failed_payments: 0, pending_enrollments: 0 }),
      [`GET ${API.admin.revenue}`]: ok([]),
      [`GET ${API.admin.gstr1}`]: (request) =>
        request.query.get('format') === 'summary' ? ok(SUMMARY) : ok('Invoice Number,Invoice date\r\n'),
    },
  });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:gstr1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('GST returns panel (Revenue tab)', () => {
  it('offers last month, shows its GSTR-1 totals per table in paise, and downloads the JSON and each CSV', async () => {
    const { user, api } = openRevenue();
    const month = await screen.findByLabelText('Month (IST)');
    expect(month).toHaveValue(previousMonth(istToday()));
    expect(api.callsTo(`GET ${API.admin.gstr1}`)).toHaveLength(0);
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.click(screen.getByRole('button', { name: 'Show GSTR-1' }));
    const table = within(await screen.findByRole('table', { name: /3 invoice\(s\) and 1 credit note\(s\)/ }));
    expect(api.callsTo(`GET ${API.admin.gstr1}`)[0]!.query.get('period')).toBe('2026-10');
    expect(within(table.getByRole('row', { name: /B2C large/ })).getByText('₹1,27,118.64')).toBeInTheDocument();
    expect(screen.getByText(/credit notes exceed its sales/)).toBeInTheDocument();

    const downloads = within(screen.getByRole('group', { name: 'Download GSTR-1' }));
    await user.click(downloads.getByRole('button', { name: 'JSON for the offline tool' }));
    await user.click(downloads.getByRole('button', { name: 'b2cl.csv' }));
    const [json, csv] = api.callsTo(`GET ${API.admin.gstr1}`).slice(1);
    expect(json!.query.get('format')).toBe('json');
    expect([csv!.query.get('format'), csv!.query.get('table'), csv!.query.get('period')]).toEqual([
      'csv',
      'b2cl',
      '2026-10',
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
  });

  it('asks for a fresh second factor before a file (decision record 064), then downloads it', async () => {
    const { user, api } = openRevenue();
    await user.click(await screen.findByRole('button', { name: 'Show GSTR-1' }));
    await screen.findByRole('table', { name: /invoice\(s\)/ });
    let files = 0;
    api.on(`GET ${API.admin.gstr1}`, () =>
      ++files === 1
        ? fail(403, { detail: MFA_MESSAGES.stepUpRequired, code: 'step_up_required' })
        : ok('Invoice Number,Invoice date\r\n'),
    );
    api.on(`POST ${MFA_PATHS.stepUp}`, ok({ step_up_until: '2026-11-25T10:05:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'b2b.csv' }));
    const stepUp = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(stepUp.getByLabelText(/Authentication code/), '123456');
    await user.click(stepUp.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.callsTo(`POST ${MFA_PATHS.stepUp}`).map((call) => call.body)).toEqual([{ code: '123456' }]);
    expect(
      api
        .callsTo(`GET ${API.admin.gstr1}`)
        .slice(1)
        .map((call) => call.query.get('table')),
    ).toEqual(['b2b', 'b2b']);
  });

  it('a failed download says why', async () => {
    const { user, api } = openRevenue();
    await user.click(await screen.findByRole('button', { name: 'Show GSTR-1' }));
    await screen.findByRole('table', { name: /invoice\(s\)/ });
    api.on(
      `GET ${API.admin.gstr1}`,
      fail(503, { detail: "GST returns need the institute's invoice details: set INSTITUTE_GSTIN." }),
    );
    await user.click(screen.getByRole('button', { name: 'docs.csv' }));
    expect(await screen.findByText(/set INSTITUTE_GSTIN/)).toBeInTheDocument();
  });
});

describe('previousMonth', () => {
  it('is the month before, across a year', () => {
    expect(previousMonth('2026-11-25')).toBe('2026-10');
    expect(previousMonth('2027-01-05')).toBe('2026-12');
  });
});
