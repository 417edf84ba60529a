import { useMachine } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import type { AppConfig, MfaChallenge, User } from '../../../../contract/index.ts';
import type { LoginFormLogic } from '../../../../machines/form-submit.machine.ts';
import { loginAnswerEvent } from '../../../../machines/session.machine.ts';
import type { AppConfigLoader } from '../types.ts';
import { paths, registerWithNext } from '../../../config/paths.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { AuthCard } from './auth-card.tsx';
import { homeFor, SessionContext } from '../../../lib/session.ts';
import { DemoCredentials } from './demo-credentials.tsx';
import { loginNoticeOf } from '../login-notice.ts';
import { SecondFactorForm } from './second-factor-form.tsx';
// Only same-app paths are honoured as return paths: the contract's one rule, shared with the sandbox.
import { sameOriginPath } from '../../../../contract/same-origin-path.ts';

/**
 * The password form runs on `logic` (a form-submit machine); its answer goes to the session, which owns
 * who is signed in: the user, or the second step when a second factor is on.
 * `config` loads GET /api/config/ (the composition point supplies it), and so do the passkey buttons:
 * "Sign in with a passkey" under the form, "Use a passkey" at the second step (decision record 055).
 */
export function LoginPage({
  logic,
  config,
  preloaded,
  passkeySignIn = null,
  passkeySecondStep,
}: {
  logic: LoginFormLogic;
  config: AppConfigLoader;
  preloaded?: AppConfig;
  passkeySignIn?: ReactNode;
  passkeySecondStep?: (mfaToken: string) => ReactNode;
}) {
  const [params] = useSearchParams();
  // After a password reset: "Your password has been changed...".
  const notice = loginNoticeOf(useLocation().state);
  const next = sameOriginPath(params.get('next'));
  const session = SessionContext.useActorRef();
  const authenticated = SessionContext.useSelector((s) => s.matches('authenticated'));
  const user = SessionContext.useSelector((s) => s.context.user);
  const sessionBusy = SessionContext.useSelector((s) => s.hasTag('busy'));
  const [signingIn] = useState(() =>
    logic.provide({
      actions: {
        submitted: (_, params: { output: User | MfaChallenge }) => session.send(loginAnswerEvent(params.output)),
      },
    }),
  );
  const [form, send] = useMachine(signingIn);
  const { errors, failure } = form.context;
  const error = form.matches('failed') ? failure : null;
  const busy = sessionBusy || form.hasTag('busy');
  const [values, setValues] = useState({ username: '', password: '' });
  const secondStep = SessionContext.useSelector((s) => s.matches('secondFactor') || s.matches('verifyingSecondFactor'));

  if (authenticated) return <Navigate to={next ?? homeFor(user)} replace />;
  if (secondStep) return <SecondFactorForm passkey={passkeySecondStep} />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values });
  }

  return (
    <AuthCard id="login-title" title="Login">
      {notice && !error ? <Notice kind="success">{notice}</Notice> : null}
      <form method="post" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        {error ? <FormError>{error}</FormError> : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
      </form>
      {passkeySignIn}
      <p style={{ marginTop: '1rem' }}>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <p>
        Don&apos;t have an account? <Link to={next ? registerWithNext(next) : paths.register}>Sign up</Link>
      </p>
      <DemoCredentials config={config} preloaded={preloaded} onUse={(credentials) => setValues(credentials)} />
    </AuthCard>
  );
}
