import { useMachine } from '@xstate/react';
import { formatPaiseCompact, scheduleTotals, type Instalment } from '../../../../contract/index.ts';
import { nextDue, type InstalmentPaymentLogic } from '../../../../machines/instalment-payment.machine.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import { InvoiceLink } from '../../../components/invoice-link.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDate } from '../../../utils/format.ts';

const STATUS_LABELS = { paid: 'Paid', due: 'Due', overdue: 'Overdue', cancelled: 'Cancelled' } as const;

/** An enrolled program's instalments machine, run by its card (the price line and the schedule read it). */
export function useInstalments(
  logic: InstalmentPaymentLogic,
  enrollmentId: number,
  gatewayReturn: GatewayReturn | null,
) {
  return useMachine(logic, { input: { enrollmentId, gatewayReturn } });
}
type Instalments = ReturnType<typeof useInstalments>;

/** "Paid 3 Dec 2026" (when it was paid, early or not); "due 28 Dec 2026 · Overdue"; "was due … · Cancelled". */
function when(i: Instalment): string {
  if (i.status === 'paid') return i.paid_on ? `Paid ${formatDate(i.paid_on)}` : 'Paid';
  return `${i.status === 'cancelled' ? 'was due' : 'due'} ${formatDate(i.due_on)} · ${STATUS_LABELS[i.status]}`;
}

/** The card's money line with a plan: what was paid and what is still due (not the list price). */
export function PaidAndDue({ instalments }: { instalments: Instalment[] }) {
  const { paidPaise, duePaise } = scheduleTotals(instalments);
  const next = nextDue(instalments);
  return (
    <p className="price">
      Paid {formatPaiseCompact(paidPaise)}
      {duePaise > 0 ? (
        <span className="meta">
          {' '}
          · {formatPaiseCompact(duePaise)} due{next ? ` (next ${formatDate(next.due_on)})` : ''}
        </span>
      ) : null}
    </p>
  );
}

/**
 * An enrollment's instalments on its dashboard card (decision record 054): each with its amount, IST due
 * date (or the day it was paid), status and invoice, and a Pay button for the next due one. Nothing when
 * paid in full.
 */
export function InstalmentSchedule({ machine: [snapshot, send] }: { machine: Instalments }) {
  const { instalments, notice } = snapshot.context;
  if (snapshot.matches('none')) return null;
  if (snapshot.matches('failed')) {
    return (
      <p className="meta">
        Your instalments could not be loaded.{' '}
        <button type="button" className="btn" onClick={() => send({ type: 'instalments.retry' })}>
          Retry
        </button>
      </p>
    );
  }
  const next = nextDue(instalments);
  const busy = snapshot.hasTag('busy');
  return (
    <section className="instalments" aria-label="Instalments">
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <h3 className="meta">Instalments</h3>
      <ul className="instalment-list">
        {instalments.map((i) => (
          <li key={i.id} className={`instalment instalment-${i.status}`}>
            <span>
              {i.number}. {formatPaiseCompact(i.total_paise)} · <strong>{when(i)}</strong>
            </span>{' '}
            {i.invoice && i.payment ? <InvoiceLink payment={{ id: i.payment, invoice_number: i.invoice }} /> : null}
          </li>
        ))}
      </ul>
      {next ? (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => send({ type: 'instalment.pay' })}
        >
          {busy ? 'Processing...' : `Pay instalment ${next.number} (${formatPaiseCompact(next.total_paise)})`}
        </button>
      ) : null}
    </section>
  );
}
