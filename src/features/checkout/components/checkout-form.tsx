import { useState, type FormEvent } from 'react';
import {
  EMPTY_CHECKOUT_FORM,
  GST_STATES,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  type CheckoutErrors,
  type CheckoutForm,
  type ConsentChoices as Choices,
  type PaymentMethod,
} from '../../../../contract/index.ts';
import { ConsentChoices, NO_CONSENTS } from '../../../components/consent-choices.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { paths } from '../../../config/paths.ts';
import { useBack } from '../../../lib/navigation.ts';
import { useSessionUser } from '../../../lib/session.ts';

type Props = {
  errors: CheckoutErrors;
  processing: boolean;
  disabled: boolean;
  /** The form, and the consent choices: each optional purpose as ticked, the notice version acknowledged. */
  onSubmit: (form: CheckoutForm, consents: Choices) => void;
  /** The billing state changed (the summary shows its tax split). */
  onStateChange?: (stateCode: string) => void;
  /** The privacy notice in force (GET /api/config/); null while unknown (the server then records its own). */
  noticeVersion?: string | null;
};

/** Personal and payment details. Validation is the checkout machine's (contract validateCheckout). */
export function CheckoutFormView({ errors, processing, disabled, onSubmit, onStateChange, noticeVersion }: Props) {
  const user = useSessionUser();
  // Back to where the visitor came from, or to the catalogue when checkout was opened directly.
  const back = useBack(paths.programs);
  const [form, setForm] = useState<CheckoutForm>(() => ({
    ...EMPTY_CHECKOUT_FORM,
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    email: user?.email ?? '',
  }));
  const [consents, setConsents] = useState<Choices>(NO_CONSENTS);
  const field = (name: keyof CheckoutForm) => ({
    name,
    value: form[name],
    error: errors[name],
    required: true,
    disabled: processing || disabled,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setForm({ ...form, [name]: e.target.value });
      if (name === 'stateCode') onStateChange?.(e.target.value);
    },
  });
  const card = form.paymentMethod !== 'upi';

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(form, noticeVersion ? { ...consents, notice_version: noticeVersion } : consents);
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={processing}>
      <fieldset className="group">
        <legend>Personal details</legend>
        <div className="form-grid">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            hint="10-digit mobile number"
            {...field('phone')}
          />
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>Billing address (for your GST invoice)</legend>
        <div className="form-grid">
          <SelectField
            label="State or union territory"
            placeholder="Choose…"
            options={GST_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))}
            autoComplete="address-level1"
            {...field('stateCode')}
          />
          <TextField label="Address" autoComplete="street-address" {...field('address')} />
          <TextField
            label="GSTIN (optional)"
            hint="When your employer pays: its 15-character GSTIN"
            autoComplete="off"
            {...field('gstin')}
            required={false}
          />
          <TextField
            label="Legal name on the GSTIN"
            autoComplete="organization"
            {...field('gstinName')}
            required={false}
          />
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>Payment details</legend>
        <fieldset className="chip-group" style={{ marginBottom: '1rem' }}>
          <legend>Payment method</legend>
          {(Object.entries(PAYMENT_METHOD_LABELS) as [PaymentMethod, string][]).map(([value, label]) => (
            <label key={value} className="check" style={{ marginRight: '1rem' }}>
              <input
                type="radio"
                name="paymentMethod"
                value={value}
                checked={form.paymentMethod === value}
                disabled={processing || disabled}
                onChange={() => setForm({ ...form, paymentMethod: value })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {card ? (
          <div className="form-grid">
            <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" {...field('cardNumber')} />
            <TextField label="Name on card" autoComplete="cc-name" {...field('nameOnCard')} />
            <TextField label="Expiry date (MM/YY)" placeholder="MM/YY" autoComplete="cc-exp" {...field('expiryDate')} />
            <TextField label="CVV" inputMode="numeric" autoComplete="cc-csc" {...field('cvv')} />
          </div>
        ) : (
          <TextField label="UPI ID" placeholder="name@bank" {...field('upiId')} />
        )}
        <p className="meta">Your card details are checked in your browser and never sent to our servers.</p>
      </fieldset>
      <ConsentChoices
        value={consents}
        onChange={setConsents}
        noticeVersion={noticeVersion}
        disabled={processing || disabled}
      />
      <div className="btn-row" style={{ justifyContent: 'space-between' }}>
        <button type="button" className="btn btn-outline" onClick={back} disabled={processing}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={processing || disabled}>
          {processing ? MESSAGES.processing : 'Pay'}
        </button>
      </div>
    </form>
  );
}
