import { Link } from 'react-router-dom';
import { CONSENT_LABELS, CONSENT_PURPOSES, type ConsentChoices as Choices } from '../../contract/index.ts';
import { CheckField } from './field.tsx';

/**
 * The optional purposes a form asks about (registration, checkout, counseling), each its own unticked
 * box, under a link to the privacy notice. What is sent records the notice as acknowledged and each
 * ticked purpose (decision record 046). Given the notice's version (the checkout knows it from GET
 * /api/config/), it names the version being acknowledged.
 */
export function ConsentChoices({
  value,
  onChange,
  noticeVersion,
  disabled = false,
}: {
  value: Choices;
  onChange: (next: Choices) => void;
  noticeVersion?: string | null;
  disabled?: boolean;
}) {
  return (
    <fieldset className="consent-choices">
      <legend>Optional: may we tell you about new programs and workshops?</legend>
      {CONSENT_PURPOSES.map((purpose) => (
        <CheckField
          key={purpose}
          name={`consent_${purpose}`}
          label={CONSENT_LABELS[purpose]}
          checked={value[purpose] === true}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, [purpose]: e.target.checked })}
        />
      ))}
      <p className="hint">
        By continuing you confirm you have read the <Link to="/privacy">privacy notice</Link>
        {noticeVersion ? ` (version ${noticeVersion})` : ''}. You can withdraw any of these at any time in one click.
      </p>
    </fieldset>
  );
}

/** What a form sends: the boxes as ticked, the notice acknowledged. */
export const NO_CONSENTS: Choices = { marketing_email: false, whatsapp: false, sms: false };
