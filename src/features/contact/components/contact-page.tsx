import { useState, type FormEvent } from 'react';
import { CounselingInput, userMessage } from '../../../../contract/index.ts';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { validate, type FieldErrors } from '../../../lib/validation.ts';
import { bookCounseling } from '../api/contact-api.ts';

const EMPTY = { name: '', email: '', phone: '', preferred_date: '', interest: '', message: '' };
type Values = typeof EMPTY;
type Status = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; text: string };

export const COUNSELING_SUCCESS =
  'Thank you! Your counseling session request has been received. Our team will contact you shortly.';
export const COUNSELING_FAILED = 'Failed to book your counseling session. Please try again.';

/** Book Free Counseling (design deviation 4): the request is stored and listed for administrators. */
export function ContactPage() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validate(CounselingInput, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      await bookCounseling(values);
      setStatus({ kind: 'sent' });
      setValues(EMPTY);
    } catch (error) {
      setStatus({ kind: 'failed', text: userMessage(error, COUNSELING_FAILED) });
    }
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
      {status.kind === 'sent' ? <Notice kind="success">{COUNSELING_SUCCESS}</Notice> : null}
      {status.kind === 'failed' ? <Notice kind="error">{status.text}</Notice> : null}
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
        <div>
          <button type="submit" className="btn btn-primary" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? 'Booking...' : 'Book Free Counseling'}
          </button>
        </div>
      </form>
    </div>
  );
}
