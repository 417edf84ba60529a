import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { SessionContext } from '../../../lib/session.ts';
import { changePassword, saveProfile } from '../api/account-api.ts';
import type { AccountMachines } from '../types.ts';
import { useFormAction } from './use-form-action.ts';

/** The name of the signed-in person (the email address has its own section, with the password). */
export function ProfileSection({ machines }: { machines: AccountMachines }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const [values, setValues] = useState({
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
  });
  const action = useFormAction(machines, () => saveProfile(values));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    action.submit();
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {action.done ? <Notice kind="success">Your profile is saved.</Notice> : null}
      {action.error ? <FormError>{action.error}</FormError> : null}
      <TextField
        label="First name"
        name="first_name"
        autoComplete="given-name"
        value={values.first_name}
        onChange={(e) => setValues({ ...values, first_name: e.target.value })}
      />
      <TextField
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        value={values.last_name}
        onChange={(e) => setValues({ ...values, last_name: e.target.value })}
      />
      <button type="submit" className="btn btn-primary" disabled={action.busy}>
        {action.busy ? 'Saving...' : 'Save profile'}
      </button>
    </form>
  );
}

/** A new password with the current one; every other device signs in again. */
export function PasswordSection({ machines }: { machines: AccountMachines }) {
  const [values, setValues] = useState({ current_password: '', new_password: '' });
  const action = useFormAction(machines, () => changePassword(values));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    action.submit();
  };
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      {action.done ? (
        <Notice kind="success">Your password is changed. Your other devices are signed out.</Notice>
      ) : null}
      {action.error ? <FormError>{action.error}</FormError> : null}
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        value={values.current_password}
        onChange={(e) => setValues({ ...values, current_password: e.target.value })}
      />
      <TextField
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.new_password}
        onChange={(e) => setValues({ ...values, new_password: e.target.value })}
      />
      <button type="submit" className="btn btn-primary" disabled={action.busy}>
        {action.busy ? 'Changing...' : 'Change password'}
      </button>
    </form>
  );
}
