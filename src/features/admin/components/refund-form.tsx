import { useState, type FormEvent } from 'react';
import { formatPaiseCompact, RefundInput, rupeesToPaise, type Payment } from '../../../../contract/index.ts';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';

type Props = {
  payment: Payment;
  saving: boolean;
  serverErrors: Record<string, string>;
  onSubmit: (values: Record<string, unknown>) => void;
  onCancel: () => void;
};

/** The two access choices, in full sentences; neither is chosen until the administrator picks one. */
export const REFUND_ACCESS_CHOICES = {
  revoke:
    "Revoke access: the student's enrollment is cancelled and, for a workshop, the seat is released for someone else.",
  keep: 'Keep access: the student keeps the course; only the money goes back.',
} as const;

/**
 * Refund a completed (or partly refunded) payment through the gateway (issue 9): an amount in whole rupees
 * (empty: all that is left), a reason, and an explicit choice about the student's access. What is left is
 * counted in paise of what was charged, GST included and discount net (issue 32), as the server counts it.
 */
export function RefundForm({ payment, saving, serverErrors, onSubmit, onCancel }: Props) {
  const left = payment.total_paise - payment.refunded_paise;
  const money = formatPaiseCompact;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [access, setAccess] = useState<'revoke' | 'keep' | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = amount.trim();
    const payload = {
      amount: trimmed === '' ? null : Number(trimmed),
      reason,
      revoke_access: access === null ? undefined : access === 'revoke',
    };
    const result = validate(RefundInput, payload);
    const found: FieldErrors = result.ok ? {} : { ...result.errors };
    if (access === null) found.revoke_access = 'Choose whether the student keeps access.';
    if (!found.amount && payload.amount !== null && rupeesToPaise(payload.amount) > left)
      found.amount = `At most ${money(left)} is left to refund.`;
    if (!result.ok || Object.keys(found).length > 0) return setErrors(found);
    setErrors({});
    onSubmit(result.data as Record<string, unknown>);
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>
        Paid {money(payment.total_paise)}
        {payment.refunded_paise > 0 ? `, refunded so far ${money(payment.refunded_paise)}` : ''}; left to refund:{' '}
        <strong>{money(left)}</strong>.
      </p>
      <TextField
        label="Amount (₹)"
        name="amount"
        inputMode="numeric"
        value={amount}
        hint={`Leave empty to refund all that is left (${money(left)}).`}
        error={shown.amount}
        disabled={saving}
        onChange={(e) => setAmount(e.target.value)}
      />
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
        id="refund-access-error"
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

/** Whether the student keeps access after a refund: the one choice every refund form asks. */
export function RefundAccessChoice({
  id,
  value,
  error,
  disabled,
  onChange,
}: {
  /** The id of its error line (unique on the page). */
  id: string;
  value: 'revoke' | 'keep' | null;
  error?: string;
  disabled: boolean;
  onChange: (choice: 'revoke' | 'keep') => void;
}) {
  return (
    <fieldset className="group" aria-describedby={error ? id : undefined}>
      <legend>Access after the refund</legend>
      {(Object.keys(REFUND_ACCESS_CHOICES) as (keyof typeof REFUND_ACCESS_CHOICES)[]).map((choice) => (
        <label key={choice} className="check" style={{ display: 'flex', gap: '0.5rem', marginBottom: '0.75rem' }}>
          <input
            type="radio"
            name="revoke_access"
            value={choice}
            checked={value === choice}
            disabled={disabled}
            onChange={() => onChange(choice)}
          />
          {REFUND_ACCESS_CHOICES[choice]}
        </label>
      ))}
      {error ? (
        <p id={id} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
