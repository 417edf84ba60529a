import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../contract/index.ts';

const ROLE_COLOURS: Record<string, string> = {
  admin: 'red',
  instructor: 'amber',
  faculty: 'purple',
  student: 'blue',
};

/** Uppercase role badge (spec section 2); the role's name is the text, colour is only a second signal. */
export function RoleBadge({ role }: { role: string }) {
  const colour = ROLE_COLOURS[role] ?? 'grey';
  return <span className={`badge role-badge badge-${colour}`}>{role.toUpperCase()}</span>;
}

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
