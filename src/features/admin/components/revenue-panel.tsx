import { useMachine } from '@xstate/react';
import {
  formatPaiseCompact,
  MESSAGES,
  paiseToRupees,
  rupeesToPaise,
  type RevenueRow,
} from '../../../../contract/index.ts';
import { ListStatus } from '../../../components/list-status.tsx';
import { formatINR } from '../../../utils/format.ts';
import type { AdminPanelProps, AdminPanelTab } from '../tabs/resource-types.ts';
import { GstReturnsPanel } from './gst-returns-panel.tsx';
import { RevenueChart } from './revenue-chart.tsx';

/**
 * The revenue report (GET /api/admin/revenue/): completed payments by IST month or by program/workshop,
 * net of discounts and refunds (decision record 066), as a chart and the table of the numbers behind it. A loader machine: loading, failed
 * (Try again), loaded; the filters live in the URL, and a change makes the panel anew.
 */
export function RevenuePanel({ machines, params }: AdminPanelProps) {
  const group = params.group === 'course' ? 'course' : 'month';
  const [snapshot, send] = useMachine(machines.revenue, {
    input: { params: { ...params, group }, failureText: MESSAGES.adminLoadFailed },
  });
  const rows = snapshot.context.data ?? [];
  const title = group === 'month' ? 'Revenue by month' : 'Revenue by program or workshop';
  // Summed in paise: the rows' discount and net carry paise as two decimals.
  const sums = rows.reduce(
    (sum, row) => ({
      payments: sum.payments + row.payments,
      gross: sum.gross + row.gross,
      refunded: sum.refunded + row.refunded,
      net: sum.net + rupeesToPaise(row.net),
      discount: sum.discount + rupeesToPaise(row.discount),
    }),
    { payments: 0, gross: 0, refunded: 0, net: 0, discount: 0 },
  );
  const total = { ...sums, net: paiseToRupees(sums.net), discount: paiseToRupees(sums.discount) };
  return (
    <section aria-label="Revenue">
      <div className="section-title">
        <h2>{title}</h2>
        {snapshot.matches('loaded') ? (
          <button type="button" className="btn btn-outline" onClick={() => send({ type: 'loader.reload' })}>
            Refresh
          </button>
        ) : null}
      </div>
      <ListStatus
        loading={snapshot.matches('loading')}
        loadingText="Loading revenue..."
        error={snapshot.matches('failed') ? snapshot.context.error : null}
        onRetry={() => send({ type: 'loader.reload' })}
        empty={rows.length === 0}
        emptyText="No completed payments in this period."
      >
        <RevenueChart rows={rows} title={title} />
        <div className="scroll-area" role="region" aria-label="Revenue table">
          <table className="table">
            <caption className="visually-hidden">{title}, in rupees</caption>
            <thead>
              <tr>
                <th scope="col">{group === 'month' ? 'Month' : 'Program or workshop'}</th>
                <th scope="col" className="number">
                  Payments
                </th>
                <th scope="col" className="number">
                  Gross (list prices)
                </th>
                <th scope="col" className="number">
                  Discounts
                </th>
                <th scope="col" className="number">
                  Refunded
                </th>
                <th scope="col" className="number">
                  Net (gross − discounts − refunds)
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <RevenueTableRow key={row.key} row={row} />
              ))}
            </tbody>
            <tfoot>
              <RevenueTableRow row={{ key: 'total', label: 'Total', ...total }} />
            </tfoot>
          </table>
        </div>
      </ListStatus>
      <GstReturnsPanel machines={machines} />
    </section>
  );
}

function RevenueTableRow({ row }: { row: RevenueRow }) {
  return (
    <tr>
      <th scope="row">{row.label}</th>
      <td className="number">{row.payments.toLocaleString('en-IN')}</td>
      <td className="number">{formatINR(row.gross)}</td>
      <td className="number">{formatPaiseCompact(rupeesToPaise(row.discount))}</td>
      <td className="number">{formatINR(row.refunded)}</td>
      <td className="number">{formatPaiseCompact(rupeesToPaise(row.net))}</td>
    </tr>
  );
}

/** The Revenue tab: group and IST date range in the URL (?tab=revenue&group=course&date_from=...). */
export const revenueTab: AdminPanelTab = {
  key: 'revenue',
  label: 'Revenue',
  filters: [
    {
      name: 'group',
      label: 'Group by',
      kind: 'select',
      emptyLabel: 'Month (IST)',
      options: [{ value: 'course', label: 'Program or workshop' }],
    },
    { name: 'date_from', label: 'From (IST)', kind: 'date' },
    { name: 'date_to', label: 'To (IST)', kind: 'date' },
  ],
  panel: RevenuePanel,
};
