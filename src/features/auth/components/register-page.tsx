import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { RegisterInput } from '../../../../contract/index.ts';
import { loginWithNext, paths, safeNext } from '../../../config/paths.ts';
import { TextField } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { AuthCard } from './auth-card.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { homeFor, SessionContext } from '../../../lib/session.ts';

const EMPTY = { username: '', email: '', password: '', first_name: '', last_name: '' };
type Values = typeof EMPTY;

/** Student sign-up (docs/deviations.md): on success the new student is logged in. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const session = SessionContext.useActorRef();
  const authenticated = SessionContext.useSelector((s) => s.matches('authenticated'));
  const user = SessionContext.useSelector((s) => s.context.user);
  const busy = SessionContext.useSelector((s) => s.hasTag('busy'));
  const error = SessionContext.useSelector((s) => s.context.error);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  if (authenticated) return <Navigate to={next ?? homeFor(user)} replace />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(RegisterInput, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    session.send({ type: 'session.register', ...result.data });
  }

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.target.value }),
  });

  return (
    <AuthCard id="register-title" title="Create your student account">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <form method="post" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Creating account...' : 'Sign up'}
        </button>
      </form>
      <p style={{ marginTop: '1rem' }}>
        Already have an account? <Link to={next ? loginWithNext(next) : paths.login}>Login</Link>
      </p>
    </AuthCard>
  );
}
