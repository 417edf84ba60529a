import { useState, type FormEvent } from 'react';
import {
  AdminInstalment,
  INSTALMENT_PATHS,
  InstalmentMoveInput,
  InstalmentRefundInput,
  rupeesToPaise,
} from '../../../../contract/index.ts';
import { Badge } from '../../../components/badges.tsx';
import { TextAreaField } from '../../../components/field.tsx';
import { api } from '../../../lib/api-client.ts';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { formatDate, formatINR, formatPaise } from '../../../utils/format.ts';
import { refusalAt } from './form-values.ts';
import { RefundAccessChoice } from '../components/refund-form.tsx';
import type { AdminResource, FilterSpec, RefundFormProps } from './resource-types.ts';

/**
 * The Instalments tab (decision record 054): every enrollment's schedule, in instalment order, the
 * enrollments with something overdue first (the server's order);
 * Move due date (a due instalment, with the reason the audit log keeps) and, on a paid row, the refund of
 * its whole enrollment (every paid instalment in full; the dues still open are cancelled).
 */

const STATUS_BADGE: Record<AdminInstalment['status'], { colour: string; label: string }> = {
  overdue: { colour: 'red', label: 'Overdue' },
  due: { colour: 'amber', label: 'Due' },
  paid: { colour: 'green', label: 'Paid' },
  cancelled: { colour: 'grey', label: 'Cancelled' },
};

export const instalmentBadge = (status: AdminInstalment['status']) => (
  <Badge colour={STATUS_BADGE[status].colour}>{STATUS_BADGE[status].label}</Badge>
);

const FILTERS: FilterSpec[] = [
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: (['overdue', 'due', 'paid'] as const).map((s) => ({ value: s, label: STATUS_BADGE[s].label })),
  },
];

/**
 * "list ₹22,750 · charged ₹20,475.00" (decision record 066): the plan's list amount and what the student is
 * (or will be) charged for it, less its share of a discount and with GST as the catalogue's prices have it.
 */
const amountText = (i: AdminInstalment) =>
  i.total_paise === rupeesToPaise(i.amount)
    ? `list ${formatINR(i.amount)} · charged ${formatINR(i.amount)}`
    : `list ${formatINR(i.amount)} · charged ${formatPaise(i.total_paise)}`;

/** The server's refusal of a move (not due any more, a day in the past) shows at the date. */
async function moveDueDate(_mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  if (!item) throw new Error('Instalments come from enrollments; they are not added here.');
  await refusalAt('due_on', api.send('PATCH', INSTALMENT_PATHS.adminInstalment(item.id), values));
}

/** The refund of an enrollment paid in instalments: a reason and the explicit access choice. */
function InstalmentRefundForm({ item, saving, serverErrors, onSubmit, onCancel }: RefundFormProps) {
  const row = item as AdminInstalment;
  const [reason, setReason] = useState('');
  const [access, setAccess] = useState<'revoke' | 'keep' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(InstalmentRefundInput, { reason, revoke_access: access === 'revoke' });
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    if (access === null) found.revoke_access = 'Choose whether the student keeps access.';
    if (!result.ok || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>
        {row.student}, {row.program}: every instalment paid is refunded in full through the payment gateway (each with
        its credit note), and the instalments still due are cancelled.
      </p>
      <TextAreaField
        label="Reason"
        name="reason"
        required
        value={reason}
        error={shown.reason}
        disabled={saving}
        onChange={(e) => setReason(e.target.value)}
      />
      <RefundAccessChoice
        id="instalment-access-error"
        value={access}
        error={shown.revoke_access}
        disabled={saving}
        onChange={setAccess}
      />
      <footer>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-danger" disabled={saving}>
          {saving ? 'Refunding...' : 'Refund'}
        </button>
      </footer>
    </form>
  );
}

export const instalmentsResource: AdminResource<AdminInstalment> = {
  key: 'instalments',
  label: 'Instalments',
  singular: 'Instalment',
  item: AdminInstalment,
  listPath: INSTALMENT_PATHS.adminInstalments,
  listQuery: {},
  filters: FILTERS,
  columns: [
    { label: 'Student', render: (i) => i.student },
    { label: 'Program', render: (i) => i.program },
    { label: 'No.', render: (i) => String(i.number) },
    { label: 'Amount', render: amountText },
    { label: 'Due (IST)', render: (i) => formatDate(i.due_on) },
    { label: 'Status', render: (i) => instalmentBadge(i.status) },
  ],
  details: (i) => [
    ['Student', i.student],
    ['Program', i.program],
    ['Enrollment', `#${i.enrollment_id}`],
    ['Instalment', String(i.number)],
    ['Amount', amountText(i)],
    ['Due on (IST)', formatDate(i.due_on)],
    ['Status', instalmentBadge(i.status)],
    ['Invoice', i.invoice ?? '—'],
  ],
  form: {
    editOnly: true,
    editLabel: 'Move due date',
    editAllowed: (i) => i.status === 'due' || i.status === 'overdue',
    fields: [
      { name: 'due_on', label: 'New due date (IST)', kind: 'date', required: true },
      { name: 'reason', label: 'Reason (kept in the audit log)', kind: 'textarea', required: true },
    ],
    schema: InstalmentMoveInput,
    empty: { due_on: '', reason: '' },
    toValues: (i) => ({ due_on: i.due_on, reason: '' }),
    createPath: INSTALMENT_PATHS.adminInstalments,
    updatePath: (id) => INSTALMENT_PATHS.adminInstalment(id),
    save: moveDueDate,
  },
  // A paid row refunds its whole enrollment (step-up and one Idempotency-Key per dialog, as Payments).
  refund: {
    path: (id) => INSTALMENT_PATHS.adminEnrollmentRefund(id),
    allowed: (i) => i.status === 'paid',
    target: (i) => i.enrollment_id,
    Form: InstalmentRefundForm,
  },
};
