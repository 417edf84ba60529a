import { useMachine } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  personLabel,
  ReconciliationActionInput,
  type FlaggedEvent,
  type Payment,
} from '../../../../contract/index.ts';
import type { AdminModalLogic } from '../../../../machines/admin-modal.machine.ts';
import { TextAreaField } from '../../../components/field.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { Modal } from '../../../components/modal.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { formatDateTime, formatINR, formatPaise, fullName, plural } from '../../../utils/format.ts';
import { paymentsResource } from '../tabs/issue-resources.tsx';
import {
  RECONCILE_ACTIONS,
  RECONCILIATION_FLAG_LABELS,
  reconciliationResource,
  type ReconcileAction,
  type ReconcileItem,
} from '../api/reconciliation.ts';
import type { AdminResource } from '../tabs/resource-types.ts';
import type { AdminMachines } from '../types.ts';
import { AdminDialog } from './admin-dialog.tsx';
import type { SnapshotFrom } from 'xstate';

const rupees = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));
const courseOf = (p: Payment) => p.program_title ?? p.workshop_title ?? `Course #${p.course}`;

/**
 * The Reconciliation tab (issue 9): every flagged gateway event and every payment pending for over 30
 * minutes, as the server lists them. Events: Grant access, Refund, Mark resolved (each with a note, through
 * the admin modal's resolve mode); pending payments: Resolve (the Payments tab's dialog); Sync asks the
 * gateway about pending payments' orders.
 */
export function ReconciliationPanel({ machines, onSaved }: { machines: AdminMachines; onSaved: () => void }) {
  const [data, sendData, dataActor] = useMachine(machines.reconciliation, {
    input: { failureText: MESSAGES.adminLoadFailed },
  });
  const reload = useMemo(
    () => () => {
      dataActor.send({ type: 'loader.reload' });
      onSaved();
    },
    [dataActor, onSaved],
  );
  const syncLogic = useMemo(() => machines.syncFor(reload), [machines, reload]);
  const [sync, sendSync] = useMachine(syncLogic, { input: { failureText: MESSAGES.adminLoadFailed } });
  const eventsLogic = useMemo(
    () => machines.modalFor(reconciliationResource as unknown as AdminResource, reload),
    [machines, reload],
  );
  const [events, sendEvents] = useMachine(eventsLogic);
  const paymentsLogic = useMemo(
    () => machines.modalFor(paymentsResource as unknown as AdminResource, reload),
    [machines, reload],
  );
  const [payments, sendPayments] = useMachine(paymentsLogic);
  const flagged = data.context.data?.flagged ?? [];
  const stale = data.context.data?.stale_pending ?? [];
  const syncing = sync.hasTag('busy');
  const result = sync.context.output;

  return (
    <section aria-label="Reconciliation">
      <div className="section-title">
        <h2>Reconciliation</h2>
        <div className="btn-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={syncing}
            aria-describedby="sync-hint"
            onClick={() => sendSync({ type: 'action.run' })}
          >
            {syncing ? 'Syncing...' : 'Sync'}
          </button>
        </div>
      </div>
      <p id="sync-hint" className="meta">
        Sync asks the gateway about pending payments&apos; orders and completes those it captured (a missed webhook).
      </p>
      {sync.matches('done') && result ? (
        <Notice kind="success">
          {`Asked the gateway about ${plural(result.checked, 'pending payment')}: ${result.completed} completed.`}
          {result.errors.length ? ` ${result.errors.join(' ')}` : ''}
        </Notice>
      ) : null}
      {sync.matches('failed') ? <FormError>{sync.context.error}</FormError> : null}
      {[events, payments].map((modal, index) =>
        modal.matches('closed') && (modal.context.notice || modal.context.error) ? (
          <Notice
            key={index}
            kind={modal.context.error ? 'error' : 'success'}
            onDismiss={() => (index === 0 ? sendEvents : sendPayments)({ type: 'notice.dismiss' })}
          >
            {modal.context.error ?? modal.context.notice}
          </Notice>
        ) : null,
      )}
      <ListStatus
        loading={data.context.data === null && data.matches('loading')}
        error={data.matches('failed') ? data.context.error : null}
        onRetry={() => sendData({ type: 'loader.reload' })}
        empty={false}
        emptyText=""
      >
        <h3>Flagged gateway events ({flagged.length})</h3>
        {flagged.length === 0 ? <p className="status-text">No flagged events.</p> : null}
        {flagged.length ? (
          <ScrollTable
            label="Flagged gateway events"
            headers={['Flag', 'Detail', 'Gateway', 'Amount', 'Received', 'Actions']}
          >
            {flagged.map((event) => (
              <EventRow
                key={event.id}
                event={event}
                onAction={(action) => sendEvents({ type: 'modal.resolve', item: { ...event, action } })}
              />
            ))}
          </ScrollTable>
        ) : null}
        <h3>Payments pending for over 30 minutes ({stale.length})</h3>
        {stale.length === 0 ? <p className="status-text">No payment has been pending that long.</p> : null}
        {stale.length ? (
          <ScrollTable label="Pending payments" headers={['Student', 'Course', 'Amount', 'Created', 'Actions']}>
            {stale.map((p) => (
              <tr key={p.id}>
                <td>{personLabel(fullName(p.student), p.student.email)}</td>
                <td>{courseOf(p)}</td>
                <td>{formatINR(p.amount)}</td>
                <td>{formatDateTime(p.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small btn-outline"
                    onClick={() => sendPayments({ type: 'modal.resolve', item: p })}
                  >
                    Resolve
                  </button>
                </td>
              </tr>
            ))}
          </ScrollTable>
        ) : null}
      </ListStatus>
      <ReconcileDialog snapshot={events} send={sendEvents} />
      <AdminDialog resource={paymentsResource as unknown as AdminResource} snapshot={payments} send={sendPayments} />
    </section>
  );
}

function EventRow({ event, onAction }: { event: FlaggedEvent; onAction: (action: ReconcileAction) => void }) {
  const open = event.resolved_at === null;
  return (
    <tr>
      <td>{RECONCILIATION_FLAG_LABELS[event.flag]}</td>
      <td>{event.detail}</td>
      <td>{[event.gateway_order_id, event.gateway_payment_id].filter(Boolean).join(' · ') || '—'}</td>
      <td>{rupees(event.amount_paise)}</td>
      <td>{formatDateTime(event.created_at)}</td>
      <td>
        {open ? (
          <div className="row-actions">
            {event.payment_id !== null ? (
              <button type="button" className="btn btn-small btn-outline" onClick={() => onAction('grant')}>
                Grant access
              </button>
            ) : null}
            <button type="button" className="btn btn-small btn-danger" onClick={() => onAction('refund')}>
              Refund
            </button>
            <button type="button" className="btn btn-small btn-outline" onClick={() => onAction('resolve')}>
              Mark resolved
            </button>
          </div>
        ) : (
          `Resolved (${event.resolution ?? 'resolved'})${event.resolution_note ? `: ${event.resolution_note}` : ''}`
        )}
      </td>
    </tr>
  );
}

type DialogProps = {
  snapshot: SnapshotFrom<AdminModalLogic>;
  send: (event: { type: 'modal.close' } | { type: 'modal.submit'; values: Record<string, unknown> }) => void;
};

/** The admin modal's resolve mode for a flagged event: the chosen action, explained, and a note. */
function ReconcileDialog({ snapshot, send }: DialogProps) {
  if (!snapshot.hasTag('open') || !snapshot.context.item) return null;
  const item = snapshot.context.item as ReconcileItem;
  return (
    <Modal title={RECONCILE_ACTIONS[item.action].label} onClose={() => send({ type: 'modal.close' })}>
      {snapshot.context.error ? <FormError>{snapshot.context.error}</FormError> : null}
      <ReconcileForm
        item={item}
        saving={snapshot.hasTag('saving')}
        serverErrors={snapshot.context.fieldErrors}
        onSubmit={(values) => send({ type: 'modal.submit', values })}
        onCancel={() => send({ type: 'modal.close' })}
      />
    </Modal>
  );
}

type FormProps = {
  item: ReconcileItem;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
};

function ReconcileForm({ item, saving, serverErrors, onSubmit, onCancel }: FormProps) {
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };
  const action = RECONCILE_ACTIONS[item.action];
  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ReconciliationActionInput, { action: item.action, note });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>
        {RECONCILIATION_FLAG_LABELS[item.flag]}: {item.detail}
      </p>
      <p>{action.explain}</p>
      <TextAreaField
        label="Note"
        name="note"
        required
        value={note}
        error={shown.note}
        disabled={saving}
        onChange={(e) => setNote(e.target.value)}
      />
      <footer>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving...' : action.label}
        </button>
      </footer>
    </form>
  );
}
