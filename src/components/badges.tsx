import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../contract/index.ts';

// The header's role badge is its own module, so the page chrome does not bring the status labels.
export { RoleBadge } from './role-badge.tsx';

const STATUS_COLOURS: Partial<Record<PaymentStatus, string>> = {
  completed: 'green',
  pending: 'amber',
  failed: 'red',
};

/** Payment/enrollment status (spec section 4): green completed, amber pending, red failed, grey otherwise (active too). */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  const colour = STATUS_COLOURS[status] ?? 'grey';
  return <span className={`badge badge-${colour}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

export function Badge({ colour, children }: { colour: string; children: string }) {
  return <span className={`badge badge-${colour}`}>{children}</span>;
}
