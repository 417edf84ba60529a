import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SERVER_MESSAGES } from '../../../../contract/index.ts';
import type { ForgotPasswordLogic } from '../../../../machines/form-submit.machine.ts';
import { paths } from '../../../config/paths.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * "Forgot password?": whatever address is given, the same answer shows (it must not tell whether an
 * account has it); the account's owner receives a link to /reset-password.
 */
export function ForgotPasswordPage({ logic }: { logic: ForgotPasswordLogic }) {
  const [email, setEmail] = useState('');
  const [snapshot, send] = useMachine(logic);
  const { errors, failure } = snapshot.context;
  const submitting = snapshot.hasTag('busy');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { email } });
  }

  return (
    <AuthCard id="forgot-title" title="Forgot password">
      <p>Give the email address of your account and we will send you a link to set a new password.</p>
      {snapshot.matches('done') ? <Notice kind="success">{SERVER_MESSAGES.resetRequested}</Notice> : null}
      <form method="post" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p style={{ marginTop: '1rem' }}>
        Remembered it? <Link to={paths.login}>Login</Link>
      </p>
    </AuthCard>
  );
}
