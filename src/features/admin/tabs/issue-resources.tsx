import { z } from 'zod';
import {
  API,
  COUNSELING_STATUS_LABELS,
  COUNSELING_STATUSES,
  CounselingNoteInput,
  CounselingPatch,
  CounselingRequest,
  Enrollment,
  FAILURE_REASON_LABELS,
  OutboxEmail,
  Payment,
  PAYMENT_METHOD_LABELS,
  personLabel,
} from '../../../../contract/index.ts';
import { StatusBadge } from '../../../components/badges.tsx';
import { InvoiceLink } from '../../../components/invoice-link.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatINR, formatPaise, fullName } from '../../../utils/format.ts';
import { ConfirmEnrollmentDelete } from '../components/confirm-enrollment-delete.tsx';
import { AssigneeName, FollowUp } from './admin-choices.tsx';
import { batchOf, moveToBatch } from './enrollment-batch.ts';
import { COUNSELING_FILTERS, PAYMENT_FILTERS, RECORD_FILTERS } from './office-resources.tsx';
import type { AdminResource } from './resource-types.ts';

const urgent = (value: boolean) => (value ? 'Urgent' : 'No');
/** The student and their email, or "account erased" (decision record 066). */
const studentOf = (r: { student: Payment['student'] }) => personLabel(fullName(r.student), r.student.email);
const courseTitle = (e: Enrollment) => e.program?.title ?? e.workshop?.title ?? `Course #${e.course}`;
const refunded = (p: Payment) => (p.refunded_amount > 0 ? formatINR(p.refunded_amount) : '—');
const paymentTitle = (p: Payment) => p.program_title ?? p.workshop_title ?? `Course #${p.course}`;
/** What the student was charged (decision record 066): the list price less the discount, GST as charged. */
const charged = (p: Payment) => formatPaise(p.total_paise);
const discountText = (p: Payment) =>
  p.discount_paise > 0
    ? `${formatPaise(p.discount_paise)} (${p.coupon_code ? `coupon ${p.coupon_code}` : 'scholarship'})`
    : '—';
const instalmentText = (p: Payment) =>
  p.instalment_number === null ? '—' : `${p.instalment_number}${p.instalment_count ? ` of ${p.instalment_count}` : ''}`;

export const enrollmentsResource: AdminResource<Enrollment> = {
  key: 'enrollments',
  label: 'Enrollments',
  singular: 'Enrollment',
  item: Enrollment,
  listPath: API.admin.enrollments,
  listQuery: {},
  filters: RECORD_FILTERS,
  exportPath: API.admin.exports.enrollments,
  columns: [
    { label: 'Student', render: (e) => studentOf(e) },
    { label: 'Course', render: courseTitle },
    { label: 'Batch', render: batchOf },
    { label: 'Status', render: (e) => <StatusBadge status={e.status} /> },
    { label: 'Enrolled', render: (e) => formatDateTime(e.enrolled_at) },
    { label: 'Urgent', render: (e) => urgent(e.is_urgent) },
  ],
  details: (e) => [
    ['Student', studentOf(e)],
    ['Course', courseTitle(e)],
    ['Batch', batchOf(e)],
    ['Status', <StatusBadge key="s" status={e.status} />],
    ['Active', e.is_active ? 'Yes' : 'No'],
    ['Enrolled at', formatDateTime(e.enrolled_at)],
    ['Progress', `${e.progress_percentage}%`],
    ['Issue description', e.issue_description || '—'],
    ['Admin notes', e.admin_notes || '—'],
    ['Urgent', urgent(e.is_urgent)],
  ],
  resolvePath: (id) => API.admin.resolveEnrollment(id),
  removePath: (id) => API.admin.enrollment(id),
  ConfirmDelete: ConfirmEnrollmentDelete,
  form: moveToBatch,
};

export const paymentsResource: AdminResource<Payment> = {
  key: 'payments',
  label: 'Payments',
  singular: 'Payment',
  item: Payment,
  listPath: API.admin.payments,
  listQuery: {},
  filters: PAYMENT_FILTERS,
  exportPath: API.admin.exports.payments,
  columns: [
    { label: 'Student', render: (p) => studentOf(p) },
    { label: 'Course', render: paymentTitle },
    { label: 'Amount', render: charged },
    { label: 'Refunded', render: refunded },
    { label: 'Status', render: (p) => <StatusBadge status={p.status} /> },
    { label: 'Created', render: (p) => formatDateTime(p.created_at) },
    { label: 'Urgent', render: (p) => urgent(p.is_urgent) },
    { label: 'Invoice', render: (p) => (p.invoice_number ? <InvoiceLink payment={p} /> : '—') },
  ],
  details: (p) => [
    ['Student', studentOf(p)],
    ['Course', paymentTitle(p)],
    ['Amount charged', charged(p)],
    ['List price', formatINR(p.amount)],
    ['Discount', discountText(p)],
    ['Plan', p.plan_name ?? '—'],
    ['Instalment', instalmentText(p)],
    ['Gateway payment id', p.gateway_payment_id ?? '—'],
    ['Refunded', refunded(p)],
    ['Method', PAYMENT_METHOD_LABELS[p.payment_method]],
    ['Status', <StatusBadge key="s" status={p.status} />],
    ['Created at', formatDateTime(p.created_at)],
    ['Completed at', p.completed_at ? formatDateTime(p.completed_at) : '—'],
    ['Failure reason', p.failure_reason ? FAILURE_REASON_LABELS[p.failure_reason] : '—'],
    ['Admin notes', p.admin_notes || '—'],
    ['Urgent', urgent(p.is_urgent)],
    ['Invoice', p.invoice_number ? <InvoiceLink key="i" payment={p} /> : '—'],
  ],
  resolvePath: (id) => API.admin.resolvePayment(id),
  removePath: (id) => API.admin.payment(id),
  // Completed payments with something left to refund (a partly refunded one stays completed).
  refund: {
    path: (id) => API.admin.refundPayment(id),
    allowed: (p) => p.status === 'completed' && p.refunded_paise < p.total_paise,
  },
};

/** The follow-up form: the pipeline fields (PATCH) and, when typed, a new dated note (POST .../notes/). */
const CounselingFollowUp = CounselingPatch.safeExtend({
  note: z.string().max(2000, 'Note must be at most 2000 characters.'),
});

async function saveFollowUp(_mode: 'add' | 'edit', item: { id: number } | null, values: Record<string, unknown>) {
  if (!item) throw new Error('Counseling requests come from /contact; they are not added here.');
  const { note, ...changes } = values as { note: string } & Record<string, unknown>;
  await api.send('PATCH', API.admin.counselingRequest(item.id), changes);
  const text = note.trim();
  if (text) await api.send('POST', API.admin.counselingNotes(item.id), { text } satisfies CounselingNoteInput);
}

/**
 * Free counseling bookings from /contact (docs/deviations.md), with their pipeline: Edit sets the status,
 * the assignee and the next follow-up and adds a note (no Add New, no Delete). The server lists overdue
 * follow-ups first.
 */
export const counselingResource: AdminResource<CounselingRequest> = {
  key: 'counseling',
  label: 'Counseling Requests',
  singular: 'Counseling Request',
  item: CounselingRequest,
  listPath: API.admin.counselingRequests,
  listQuery: {},
  filters: COUNSELING_FILTERS,
  exportPath: API.admin.exports.counselingRequests,
  form: {
    editOnly: true,
    fields: [
      {
        name: 'status',
        label: 'Status',
        kind: 'select',
        required: true,
        options: COUNSELING_STATUSES.map((s) => ({ value: s, label: COUNSELING_STATUS_LABELS[s] })),
      },
      { name: 'assignee', label: 'Assignee', kind: 'select', choices: 'staff' },
      { name: 'next_follow_up', label: 'Next follow-up (IST date)', kind: 'date' },
      { name: 'note', label: 'Add a note (dated and signed with your username)', kind: 'textarea' },
    ],
    schema: CounselingFollowUp,
    empty: { status: 'new', assignee: '', next_follow_up: '', note: '' },
    toValues: (c) => ({
      status: c.status,
      assignee: c.assignee === null ? '' : String(c.assignee),
      next_follow_up: c.next_follow_up ?? '',
      note: '',
    }),
    createPath: API.admin.counselingRequests,
    updatePath: (id) => API.admin.counselingRequest(id),
    save: saveFollowUp,
  },
  columns: [
    { label: 'Status', render: (c) => COUNSELING_STATUS_LABELS[c.status] },
    { label: 'Follow up', render: (c) => <FollowUp date={c.next_follow_up} status={c.status} /> },
    { label: 'Assignee', render: (c) => (c.assignee === null ? '—' : <AssigneeName id={c.assignee} />) },
    { label: 'Name', render: (c) => c.name },
    { label: 'Email', render: (c) => c.email },
    { label: 'Phone', render: (c) => c.phone },
    { label: 'Preferred date', render: (c) => (c.preferred_date ? formatDate(c.preferred_date) : '—') },
    { label: 'Received', render: (c) => formatDateTime(c.created_at) },
  ],
  details: (c) => [
    ['Name', c.name],
    ['Email', c.email],
    ['Phone', c.phone],
    ['Preferred date', c.preferred_date ? formatDate(c.preferred_date) : '—'],
    ['Interest', c.interest || '—'],
    ['Message', c.message || '—'],
    ['Received', formatDateTime(c.created_at)],
    ['Status', COUNSELING_STATUS_LABELS[c.status]],
    ['Assignee', c.assignee === null ? '—' : <AssigneeName key="a" id={c.assignee} />],
    ['Next follow-up', <FollowUp key="f" date={c.next_follow_up} status={c.status} />],
    [
      'Notes',
      c.notes.length ? (
        <ul key="n">
          {c.notes.map((n) => (
            <li key={n.at}>
              {formatDateTime(n.at)} — {n.author ?? 'someone'}: {n.text}
            </li>
          ))}
        </ul>
      ) : (
        '—'
      ),
    ],
  ],
};

const OUTBOX_STATUS: Record<OutboxEmail['status'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  nowhere: 'Not sent (no SMTP server configured)',
  failed: 'Failed',
};

/** Every email the site sends or would send (without SMTP_URL they stay here): read-only. */
export const outboxResource: AdminResource<OutboxEmail> = {
  key: 'outbox',
  label: 'Outbox',
  singular: 'Email',
  item: OutboxEmail,
  listPath: API.admin.outbox,
  listQuery: {},
  columns: [
    { label: 'To', render: (m) => m.recipients.join(', ') },
    { label: 'Subject', render: (m) => m.subject },
    { label: 'Status', render: (m) => OUTBOX_STATUS[m.status] },
    { label: 'Created', render: (m) => formatDateTime(m.created_at) },
  ],
  details: (m) => [
    ['To', m.recipients.join(', ')],
    ['Subject', m.subject],
    ['Status', OUTBOX_STATUS[m.status]],
    ['Attempts', String(m.attempts)],
    ['Last error', m.last_error || '—'],
    ['Attachments', m.attachments.length ? m.attachments.join(', ') : '—'],
    ['Created at', formatDateTime(m.created_at)],
    // Without SMTP_URL nothing left the server: no "Sent at" for it.
    m.status === 'nowhere'
      ? ['Sent at', 'not sent (no SMTP configured)']
      : ['Sent at', m.sent_at ? formatDateTime(m.sent_at) : '—'],
    [
      'Message',
      <pre key="t" className="email-text">
        {m.text_body}
      </pre>,
    ],
  ],
};
