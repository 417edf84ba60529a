import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { User } from '../../../../contract/index.ts';
import type { RegisterFormLogic } from '../../../../machines/form-submit.machine.ts';
import { loginWithNext, paths } from '../../../config/paths.ts';
import { CheckField, TextField } from '../../../components/field.tsx';
import { ConsentChoices, NO_CONSENTS } from '../../../components/consent-choices.tsx';
import { FormError } from '../../../components/notice.tsx';
import { AuthCard } from './auth-card.tsx';
import { homeFor, SessionContext } from '../../../lib/session.ts';
// Only same-app paths are honoured as return paths: the contract's one rule, shared with the sandbox.
import { sameOriginPath } from '../../../../contract/same-origin-path.ts';

const EMPTY = { username: '', email: '', password: '', first_name: '', last_name: '' };
type Values = typeof EMPTY;

/**
 * Student sign-up (docs/deviations.md) on `logic` (a form-submit machine): on success the new student is
 * handed to the session, which signs them in.
 */
export function RegisterPage({ logic }: { logic: RegisterFormLogic }) {
  const [params] = useSearchParams();
  const next = sameOriginPath(params.get('next'));
  const session = SessionContext.useActorRef();
  const authenticated = SessionContext.useSelector((s) => s.matches('authenticated'));
  const user = SessionContext.useSelector((s) => s.context.user);
  const sessionBusy = SessionContext.useSelector((s) => s.hasTag('busy'));
  const [signingUp] = useState(() =>
    logic.provide({
      actions: {
        submitted: (_, params: { output: User }) => session.send({ type: 'session.signedIn', user: params.output }),
      },
    }),
  );
  const [form, send] = useMachine(signingUp);
  const { errors, failure } = form.context;
  const error = form.matches('failed') ? failure : null;
  const busy = sessionBusy || form.hasTag('busy');
  const [values, setValues] = useState<Values>(EMPTY);
  const [consents, setConsents] = useState(NO_CONSENTS);
  // WhatsApp and SMS need a number to go to: asked for only when either is ticked (issue 39).
  const [phone, setPhone] = useState('');
  const asksPhone = consents.whatsapp === true || consents.sms === true;
  // The age question: "I am 18 or older", or a date of birth (and, under 18, a parent who confirms).
  const [adult, setAdult] = useState(false);
  const [age, setAge] = useState({ date_of_birth: '', parent_name: '', parent_email: '' });

  if (authenticated) return <Navigate to={next ?? homeFor(user)} replace />;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const ageAnswer = adult ? { is_adult: true } : Object.fromEntries(Object.entries(age).filter(([, v]) => v !== ''));
    const phoneAnswer = asksPhone && phone.trim() ? { phone } : {};
    send({ type: 'form.submit', values: { ...values, ...ageAnswer, consents, ...phoneAnswer } });
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
        <CheckField
          name="is_adult"
          label="I am 18 or older"
          checked={adult}
          onChange={(e) => setAdult(e.target.checked)}
        />
        {adult ? null : (
          <>
            <TextField
              label="Date of birth"
              name="date_of_birth"
              type="date"
              hint="Under 18? A parent or guardian confirms your account by email before you can enroll."
              value={age.date_of_birth}
              error={errors.date_of_birth}
              onChange={(e) => setAge({ ...age, date_of_birth: e.target.value })}
            />
            <div className="form-grid">
              <TextField
                label="Parent or guardian's name (under 18)"
                name="parent_name"
                value={age.parent_name}
                onChange={(e) => setAge({ ...age, parent_name: e.target.value })}
              />
              <TextField
                label="Parent or guardian's e-mail address (under 18)"
                name="parent_email"
                type="email"
                value={age.parent_email}
                error={errors.parent_email}
                onChange={(e) => setAge({ ...age, parent_email: e.target.value })}
              />
            </div>
          </>
        )}
        <ConsentChoices value={consents} onChange={setConsents} />
        {asksPhone ? (
          <TextField
            label="Mobile number"
            name="phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            required
            hint="WhatsApp and SMS messages go to this Indian mobile number."
            value={phone}
            error={errors.phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        ) : null}
        {error ? <FormError>{error}</FormError> : null}
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
