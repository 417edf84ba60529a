import { useEffect, useState, type FormEvent } from 'react';
import { IDENTITY_MESSAGES } from '../../../../contract/index.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { changeEmail, fetchMe, resendConfirmation } from '../api/email-api.ts';
import type { AccountMachines } from '../types.ts';
import { useFormAction } from './use-form-action.ts';

/**
 * The account's email address (decision record 063): whether it is confirmed (and the link sent again), and
 * its change, which needs the current password, signs every other device out and sends the old address a
 * link that undoes it.
 */
export function EmailSection({ machines }: { machines: AccountMachines }) {
  const current = useFormAction(machines, () => fetchMe());
  const resend = useFormAction(machines, () => resendConfirmation());
  const [values, setValues] = useState({ email: '', current_password: '' });
  const change = useFormAction(machines, () => changeEmail(values));
  const { submit: load } = current;
  useEffect(() => load(), [load, change.done]);
  const user = current.output;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.submit();
  };
  return (
    <>
      {user ? (
        <p>
          Your email address is <strong>{user.email}</strong>:{' '}
          {user.email_verified ? 'confirmed.' : 'not confirmed yet. Open the link we emailed to it.'}
        </p>
      ) : current.error ? (
        <Notice kind="error">{current.error}</Notice>
      ) : (
        <p role="status">Loading...</p>
      )}
      {user && !user.email_verified ? (
        <div>
          {resend.done ? <Notice kind="success">{IDENTITY_MESSAGES.confirmationSent}</Notice> : null}
          {resend.error ? <FormError>{resend.error}</FormError> : null}
          <button type="button" className="btn btn-secondary" disabled={resend.busy} onClick={resend.submit}>
            {resend.busy ? 'Sending...' : 'Send the link again'}
          </button>
        </div>
      ) : null}
      <form method="post" onSubmit={onSubmit} noValidate>
        <h3>Change email</h3>
        {change.done ? <Notice kind="success">{IDENTITY_MESSAGES.emailChanged}</Notice> : null}
        {change.error ? <FormError>{change.error}</FormError> : null}
        <TextField
          label="New email address"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={(e) => setValues({ ...values, current_password: e.target.value })}
        />
        <button type="submit" className="btn btn-primary" disabled={change.busy}>
          {change.busy ? 'Changing...' : 'Change email'}
        </button>
      </form>
    </>
  );
}
