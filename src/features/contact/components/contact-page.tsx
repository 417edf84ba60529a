import { useMachine } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../contract/index.ts';
import type { ContactLogic } from '../../../../machines/form-submit.machine.ts';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { ConsentChoices, NO_CONSENTS } from '../../../components/consent-choices.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';

const EMPTY = { name: '', email: '', phone: '', preferred_date: '', interest: '', message: '' };
type Values = typeof EMPTY;

/** Book Free Counseling (docs/deviations.md): the request is stored and listed for administrators. */
export function ContactPage({ logic }: { logic: ContactLogic }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [consents, setConsents] = useState(NO_CONSENTS);
  const [snapshot, send, actor] = useMachine(logic);
  const { errors, failure } = snapshot.context;
  const sent = snapshot.matches('done');
  const submitting = snapshot.matches('submitting');

  // Sent: the form empties for the next request.
  useEffect(() => {
    const subscription = actor.subscribe((next) => {
      if (next.matches('done')) setValues(EMPTY);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { ...values, consents } });
  }

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [name]: e.target.value }),
  });

  return (
    <div className="container" style={{ maxWidth: 720 }}>
      <header className="page-header">
        <h1>Book Free Counseling</h1>
        <p>Talk to a career counselor about which program fits your background and goals. It is free.</p>
      </header>
      {sent ? <Notice kind="success">{MESSAGES.counselingSent}</Notice> : null}
      <form className="card" method="post" onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          <TextField label="Full name" autoComplete="name" required {...field('name')} />
          <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField
            label="Mobile number"
            type="tel"
            autoComplete="tel-national"
            required
            hint="10-digit Indian mobile number."
            {...field('phone')}
          />
          <TextField label="Preferred date" type="date" {...field('preferred_date')} />
        </div>
        <TextField label="Program of interest" {...field('interest')} />
        <TextAreaField label="Message" {...field('message')} />
        <ConsentChoices value={consents} onChange={setConsents} />
        <div>
          {snapshot.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Booking...' : 'Book Free Counseling'}
          </button>
        </div>
      </form>
    </div>
  );
}
