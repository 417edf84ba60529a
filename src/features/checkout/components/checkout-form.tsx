import { useState, type FormEvent } from 'react';
import {
  CHECKOUT_GATEWAY_NOTE,
  EMPTY_CHECKOUT_FORM,
  GST_STATES,
  MESSAGES,
  PAYMENT_METHOD_LABELS,
  type CheckoutErrors,
  type CheckoutForm,
  type CheckoutSubmission,
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
  /** What was submitted before (a declined or cancelled payment): the form starts from it. */
  initial?: CheckoutSubmission | null;
  /** The Pay button's words with an instalment plan chosen ("Pay ₹19,500 today"); null: the spec's Pay. */
  payLabel?: string | null;
  processing: boolean;
  disabled: boolean;
  /** The form, and the consent choices: each optional purpose as ticked, the notice version acknowledged. */
  onSubmit: (form: CheckoutForm, consents: Choices) => void;
  /** The billing state changed (the summary shows its tax split). */
  onStateChange?: (stateCode: string) => void;
  /** The privacy notice in force (GET /api/config/); null while unknown (the server then records its own). */
  noticeVersion?: string | null;
};

/**
 * Personal details, billing address and the payment method preferred. No card data: the gateway's own page
 * asks for the card or the UPI ID (decision record 067). Validation is the checkout machine's (contract
 * validateCheckout).
 */
export function CheckoutFormView({
  errors,
  initial = null,
  payLabel = null,
  processing,
  disabled,
  onSubmit,
  onStateChange,
  noticeVersion,
}: Props) {
  const user = useSessionUser();
  // Back to where the visitor came from, or to the catalogue when checkout was opened directly.
  const back = useBack(paths.programs);
  const [form, setForm] = useState<CheckoutForm>(() => keptForm(initial, user));
  const [consents, setConsents] = useState<Choices>(() => initial?.consents ?? NO_CONSENTS);
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
        <legend>Payment method</legend>
        <fieldset className="chip-group" style={{ marginBottom: '1rem' }}>
          <legend className="visually-hidden">How you would like to pay</legend>
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
        <p className="meta">{CHECKOUT_GATEWAY_NOTE}</p>
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
          {processing ? MESSAGES.processing : (payLabel ?? 'Pay')}
        </button>
      </div>
    </form>
  );
}

/** The form as submitted before (its own fields only), or empty with the signed-in person's name and email. */
function keptForm(
  initial: CheckoutSubmission | null,
  user: { first_name: string; last_name: string; email: string } | null | undefined,
): CheckoutForm {
  if (initial) {
    const { batch: _batch, consents: _consents, coupon: _coupon, plan: _plan, ...form } = initial;
    return { ...EMPTY_CHECKOUT_FORM, ...form };
  }
  return {
    ...EMPTY_CHECKOUT_FORM,
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    email: user?.email ?? '',
  };
}
