import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/notice.tsx';
import { SessionContext } from '../../../lib/session.ts';
import { RECOVERY_CODE_HINT, RECOVERY_CODE_PATTERN } from '../../../../contract/mfa.ts';
import { AuthCard } from './auth-card.tsx';

const CODE = /^[0-9]{6}$/;

/**
 * The login's second step: a code from the authenticator app, or one of the recovery codes; or a passkey
 * when the account has one (`passkey` renders its button for the mfa_token).
 */
export function SecondFactorForm({ passkey }: { passkey?: (mfaToken: string) => ReactNode } = {}) {
  const session = SessionContext.useActorRef();
  const busy = SessionContext.useSelector((s) => s.hasTag('busy'));
  const error = SessionContext.useSelector((s) => s.context.error);
  const mfaToken = SessionContext.useSelector((s) => (s.context.mfaPasskey ? s.context.mfaToken : null));
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (!(recovery ? RECOVERY_CODE_PATTERN : CODE).test(text)) {
      setFieldError(recovery ? RECOVERY_CODE_HINT : 'Enter the 6-digit code from your app.');
      return;
    }
    setFieldError(undefined);
    session.send(
      recovery ? { type: 'session.secondFactor', recovery_code: text } : { type: 'session.secondFactor', code: text },
    );
  }

  return (
    <AuthCard id="second-factor-title" title="Two-step verification">
      {mfaToken && passkey ? passkey(mfaToken) : null}
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for this account.'}
      </p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <TextField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name={recovery ? 'recovery_code' : 'code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          required
          value={value}
          error={fieldError}
          onChange={(e) => setValue(e.target.value)}
        />
        {error ? <FormError>{error}</FormError> : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>{' '}
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => session.send({ type: 'session.cancelSecondFactor' })}
        >
          Cancel
        </button>
      </form>
      <p style={{ marginTop: '1rem' }}>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            setRecovery(!recovery);
            setValue('');
            setFieldError(undefined);
          }}
        >
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
      </p>
    </AuthCard>
  );
}
