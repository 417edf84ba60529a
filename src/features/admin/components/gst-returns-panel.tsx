import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  GSTR1_TABLE_LABELS,
  istToday,
  MESSAGES,
  userMessage,
  type Gstr1CsvTable,
  type Gstr1Summary,
} from '../../../../contract/index.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatPaise } from '../../../utils/format.ts';
import { downloadGstr1 } from '../api/admin-api.ts';
import type { AdminMachines } from '../types.ts';

/** The month a return is filed for: the one before this IST month ("2026-10" in November 2026). */
export function previousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

const CSV_FILES: Array<{ table: Gstr1CsvTable; label: string }> = [
  { table: 'b2b', label: 'b2b' },
  { table: 'b2cl', label: 'b2cl' },
  { table: 'b2cs', label: 'b2cs' },
  { table: 'cdnr', label: 'cdnr' },
  { table: 'cdnur', label: 'cdnur' },
  { table: 'hsn_b2b', label: 'hsn (B2B)' },
  { table: 'hsn_b2c', label: 'hsn (B2C)' },
  { table: 'docs', label: 'docs' },
];

/**
 * The GST returns panel of the Revenue tab: pick a month, see GSTR-1's totals per table (what the
 * accountant checks before filing), and download the offline tool's JSON or each table's CSV.
 */
export function GstReturnsPanel({ machines }: { machines: AdminMachines }) {
  const [month, setMonth] = useState(() => previousMonth(istToday()));
  const [shown, setShown] = useState<string | null>(null);
  function show(event: FormEvent) {
    event.preventDefault();
    if (/^\d{4}-\d{2}$/.test(month)) setShown(month);
  }
  return (
    <section aria-labelledby="gst-returns-title" className="gst-returns">
      <h2 id="gst-returns-title">GST returns (GSTR-1)</h2>
      <form className="filters" aria-label="GST return month" onSubmit={show}>
        <div className="field">
          <label htmlFor="gst-period">Month (IST)</label>
          <input id="gst-period" type="month" value={month} onChange={(e) => setMonth(e.target.value)} required />
        </div>
        <div className="btn-row">
          <button type="submit" className="btn btn-primary btn-small">
            Show GSTR-1
          </button>
        </div>
      </form>
      {shown ? <Gstr1Totals key={shown} period={shown} machines={machines} /> : null}
    </section>
  );
}

function Gstr1Totals({ period, machines }: { period: string; machines: AdminMachines }) {
  const [snapshot, send] = useMachine(machines.gstReturns, {
    input: { params: { period }, failureText: MESSAGES.adminLoadFailed },
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const summary = snapshot.context.data;
  async function download(table?: Gstr1CsvTable) {
    setDownloadError(null);
    try {
      await downloadGstr1(period, summary?.gstin ?? '', table);
    } catch (error) {
      setDownloadError(userMessage(error, 'The download failed. Please try again.'));
    }
  }
  return (
    <ListStatus
      loading={snapshot.matches('loading')}
      loadingText="Loading GSTR-1..."
      error={snapshot.matches('failed') ? snapshot.context.error : null}
      onRetry={() => send({ type: 'loader.reload' })}
      empty={false}
      emptyText=""
    >
      {summary ? <Gstr1Table summary={summary} /> : null}
      {summary?.warnings.map((warning) => (
        <Notice key={warning} kind="info">
          {warning}
        </Notice>
      ))}
      {downloadError ? <FormError>{downloadError}</FormError> : null}
      <div className="gst-downloads" role="group" aria-label="Download GSTR-1">
        <button type="button" className="btn btn-primary btn-small" onClick={() => void download()}>
          JSON for the offline tool
        </button>
        {CSV_FILES.map(({ table, label }) => (
          <button key={table} type="button" className="btn btn-outline btn-small" onClick={() => void download(table)}>
            {label}.csv
          </button>
        ))}
      </div>
    </ListStatus>
  );
}

const GSTR1_HEADERS = [
  'Table',
  ...['Rows', 'Taxable value', 'IGST', 'CGST', 'SGST'].map((label) => ({ label, numeric: true as const })),
];

function Gstr1Table({ summary }: { summary: Gstr1Summary }) {
  const money = (paise: number) => formatPaise(paise);
  return (
    <ScrollTable
      label="GSTR-1 totals"
      headers={GSTR1_HEADERS}
      caption={
        <>
          {summary.invoices} invoice(s) and {summary.credit_notes} credit note(s); net taxable value{' '}
          {money(summary.net_taxable_paise)}
        </>
      }
    >
      {summary.tables.map((t) => (
        <tr key={t.table}>
          <th scope="row">{GSTR1_TABLE_LABELS[t.table]}</th>
          <td className="number">{t.rows}</td>
          <td className="number">{t.table === 'docs' ? '' : money(t.taxable_paise)}</td>
          <td className="number">{t.table === 'docs' ? '' : money(t.igst_paise)}</td>
          <td className="number">{t.table === 'docs' ? '' : money(t.cgst_paise)}</td>
          <td className="number">{t.table === 'docs' ? '' : money(t.sgst_paise)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
