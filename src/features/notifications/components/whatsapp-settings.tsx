import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { NOTIFY_UI_MESSAGES, WHATSAPP_CONSENT_TEXT, type Preferences } from '../../../../contract/notifications.ts';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import type { WhatsAppOptInLogic } from '../../../../machines/form-submit.machine.ts';
import { CheckField, TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/notice.tsx';

/** "91 98765 43210" from the server's "919876543210". */
const shownNumber = (phone: string) => (phone.length === 12 ? `+${phone.slice(0, 2)} ${phone.slice(2)}` : phone);

type Props = {
  settings: Preferences;
  optIn: WhatsAppOptInLogic;
  optOut: ActionLogic<Preferences>;
  /** The opt-in or opt-out went through: the settings are loaded again. */
  onChanged: () => void;
};

/**
 * WhatsApp (decision record 073): on only by an explicit opt-in, with the number and the consent ticked
 * (recorded with the consent records); off at any time. The server's refusal shows next to the form.
 */
export function WhatsAppSettings({ settings, optIn, optOut, onChanged }: Props) {
  const [optInLogic] = useState(() => optIn.provide({ actions: { submitted: () => onChanged() } }));
  const [optOutLogic] = useState(() => optOut.provide({ actions: { finished: () => onChanged() } }));
  const [form, sendForm] = useMachine(optInLogic);
  const [off, sendOff] = useMachine(optOutLogic, { input: { failureText: NOTIFY_UI_MESSAGES.whatsappFailed } });
  const [phone, setPhone] = useState(settings.phone ? settings.phone.slice(-10) : '');
  const [consent, setConsent] = useState(false);
  const { errors, failure } = form.context;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    sendForm({ type: 'form.submit', values: { phone, consent } });
  }

  if (settings.whatsapp_opted_in) {
    return (
      <div className="card">
        <h3>WhatsApp</h3>
        <p>
          WhatsApp is on for <strong>{settings.phone ? shownNumber(settings.phone) : 'your number'}</strong>. Choose
          below what it brings you.
        </p>
        {off.matches('failed') && off.context.error ? <FormError>{off.context.error}</FormError> : null}
        <button
          type="button"
          className="btn btn-outline"
          disabled={off.hasTag('busy')}
          onClick={() => sendOff({ type: 'action.run' })}
        >
          {off.hasTag('busy') ? 'Turning off...' : 'Turn off WhatsApp'}
        </button>
      </div>
    );
  }

  return (
    <form className="card" method="post" onSubmit={onSubmit} noValidate aria-labelledby="whatsapp-title">
      <h3 id="whatsapp-title">WhatsApp</h3>
      <p>Get class reminders, payment alerts and announcements on WhatsApp. It is off until you turn it on here.</p>
      <TextField
        label="Mobile number"
        name="whatsapp_phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        error={errors.phone}
        hint="A 10-digit Indian mobile number."
        required
        onChange={(e) => setPhone(e.target.value)}
      />
      <CheckField
        label={WHATSAPP_CONSENT_TEXT}
        name="whatsapp_consent"
        checked={consent}
        onChange={(e) => setConsent(e.target.checked)}
      />
      {errors.consent ? (
        <p className="field-error" role="alert">
          {errors.consent}
        </p>
      ) : null}
      {form.matches('failed') && failure ? <FormError>{failure}</FormError> : null}
      <button type="submit" className="btn btn-primary" disabled={form.hasTag('busy')}>
        {form.hasTag('busy') ? 'Turning on...' : 'Turn on WhatsApp'}
      </button>
    </form>
  );
}
