import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ResetPasswordLogic } from '../../../../machines/reset-password.machine.ts';
import { paths } from '../../../config/paths.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { AuthCard } from './auth-card.tsx';
import { PASSWORD_RESET_NOTICE } from '../login-notice.ts';

/**
 * The emailed link's page (/reset-password#token=...): a new password with the sign-up rules. Done, it
 * goes to the login page with a success notice; a link the server refuses (used, expired) says so and
 * offers to ask for a new one.
 */
export function ResetPasswordPage({ logic, token }: { logic: ResetPasswordLogic; token: string }) {
  const [password, setPassword] = useState('');
  const [snapshot, send] = useMachine(logic, { input: { token } });
  const navigate = useNavigate();
  const { errors, failure } = snapshot.context;
  const submitting = snapshot.hasTag('busy');
  const done = snapshot.matches('done');

  useEffect(() => {
    if (done) void navigate(paths.login, { replace: true, state: PASSWORD_RESET_NOTICE });
  }, [done, navigate]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'reset.submit', values: { password } });
  }

  return (
    <AuthCard id="reset-title" title="Set a new password">
      {snapshot.matches('invalid') ? (
        <>
          <Notice kind="error">{failure}</Notice>
          <p style={{ marginTop: '1rem' }}>
            <Link to={paths.forgotPassword} className="btn btn-primary">
              Ask for a new link
            </Link>
          </p>
        </>
      ) : (
        <>
          <form method="post" onSubmit={onSubmit} noValidate>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              required
              value={password}
              error={errors.password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
            <button type="submit" className="btn btn-primary" disabled={submitting || done}>
              {submitting ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        </>
      )}
      <p style={{ marginTop: '1rem' }}>
        <Link to={paths.login}>Back to Login</Link>
      </p>
    </AuthCard>
  );
}
