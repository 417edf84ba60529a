import { useMachine } from '@xstate/react';
import { formatPaiseCompact } from '../../../../contract/index.ts';
import { nextDue, type InstalmentPaymentLogic } from '../../../../machines/instalment-payment.machine.ts';
import type { GatewayReturn } from '../../../../machines/gateway-payment.machine.ts';
import { InvoiceLink } from '../../../components/invoice-link.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDate } from '../../../utils/format.ts';

const STATUS_LABELS = { paid: 'Paid', due: 'Due', overdue: 'Overdue', cancelled: 'Cancelled' } as const;

/**
 * An enrollment's instalments on its dashboard card (decision record 054): each with its amount, IST due
 * date, status and invoice, and a Pay button for the next due one. Nothing when paid in full.
 */
export function InstalmentSchedule({
  logic,
  enrollmentId,
  gatewayReturn = null,
}: {
  logic: InstalmentPaymentLogic;
  enrollmentId: number;
  gatewayReturn?: GatewayReturn | null;
}) {
  const [snapshot, send] = useMachine(logic, { input: { enrollmentId, gatewayReturn } });
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
              {i.number}. {formatPaiseCompact(i.total_paise)} · {i.status === 'paid' ? 'was due' : 'due'}{' '}
              {formatDate(i.due_on)} · <strong>{STATUS_LABELS[i.status]}</strong>
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
