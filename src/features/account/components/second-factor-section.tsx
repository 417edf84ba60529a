import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { MFA_MESSAGES, type MfaStatus } from '../../../../contract/index.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { disableTotp, regenerateCodes } from '../api/account-api.ts';
import type { AccountMachines } from '../types.ts';
import { useFormAction } from './use-form-action.ts';

/** The recovery codes, shown once, with what to do with them. */
function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <>
      <p>
        Save these recovery codes somewhere safe. Each signs you in once if you lose your phone. They are not shown
        again.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The authenticator app: set up (QR code, first code, recovery codes), turn off, new recovery codes. */
export function SecondFactorSection({ machines }: { machines: AccountMachines }) {
  const [status, sendStatus] = useMachine(machines.status, { input: {} });
  const reload = () => sendStatus({ type: 'loader.reload' });
  const [setup, sendSetup] = useMachine(machines.totpSetup.provide({ actions: { enabled: reload } }));
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const data = status.context.data;

  if (setup.matches('showingCodes')) {
    return (
      <div>
        <Notice kind="success">Two-step verification is on.</Notice>
        <RecoveryCodeList codes={setup.context.recoveryCodes} />
        <button type="button" className="btn btn-primary" onClick={() => sendSetup({ type: 'totp.saved' })}>
          I have saved my recovery codes
        </button>
      </div>
    );
  }
  if (setup.context.setup) {
    const confirm = (event: FormEvent) => {
      event.preventDefault();
      sendSetup({ type: 'totp.confirm', code: code.trim() });
      setCode('');
    };
    return (
      <form method="post" onSubmit={confirm} noValidate>
        {setup.context.error ? <FormError>{setup.context.error}</FormError> : null}
        <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
        <div
          className="qr-code"
          role="img"
          aria-label="QR code for your authenticator app"
          dangerouslySetInnerHTML={{ __html: setup.context.setup.qr_svg }}
        />
        <details>
          <summary>Can’t scan? Enter the key by hand</summary>
          <code className="otp-key">{new URL(setup.context.setup.otpauth_url).searchParams.get('secret')}</code>
        </details>
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={setup.hasTag('busy')}>
          {setup.hasTag('busy') ? 'Checking...' : 'Turn on'}
        </button>{' '}
        <button type="button" className="btn btn-outline" onClick={() => sendSetup({ type: 'totp.cancel' })}>
          Cancel
        </button>
      </form>
    );
  }
  if (status.context.error) return <Notice kind="error">{status.context.error}</Notice>;
  if (!data) return <p>Loading...</p>;
  if (!data.totp_enabled) {
    return (
      <div>
        {setup.context.error ? <FormError>{setup.context.error}</FormError> : null}
        <p>Two-step verification is off. Turn it on to ask for a code from your phone at every sign-in.</p>
        {data.passkeys === 0 ? (
          <TextField
            label="Your password"
            name="setup_password"
            type="password"
            autoComplete="current-password"
            hint={MFA_MESSAGES.firstFactorHint}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={setup.hasTag('busy')}
          onClick={() => {
            sendSetup({ type: 'totp.start', password: password || undefined });
            setPassword('');
          }}
        >
          Set up an authenticator app
        </button>
      </div>
    );
  }
  return <EnabledFactor status={data} machines={machines} onChanged={reload} />;
}

function EnabledFactor(props: { status: MfaStatus; machines: AccountMachines; onChanged: () => void }) {
  const [values, setValues] = useState({ password: '', code: '', newCodesCode: '' });
  const off = useFormAction(props.machines, async () => {
    await disableTotp(values.password, values.code.trim());
    props.onChanged();
  });
  const fresh = useFormAction(props.machines, async () => {
    const answer = await regenerateCodes(values.newCodesCode.trim());
    props.onChanged();
    return answer.recovery_codes;
  });
  const submit = (run: () => void) => (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <div>
      <p>Two-step verification is on. Recovery codes left: {props.status.recovery_codes_left}.</p>
      {fresh.done && fresh.output ? <RecoveryCodeList codes={fresh.output} /> : null}
      <form method="post" onSubmit={submit(fresh.submit)} noValidate aria-label="New recovery codes">
        {fresh.error ? <FormError>{fresh.error}</FormError> : null}
        <TextField
          label="Code for new recovery codes"
          name="new_codes_code"
          inputMode="numeric"
          value={values.newCodesCode}
          onChange={(e) => setValues({ ...values, newCodesCode: e.target.value })}
        />
        <button type="submit" className="btn btn-outline" disabled={fresh.busy}>
          New recovery codes
        </button>
      </form>
      <form method="post" onSubmit={submit(off.submit)} noValidate aria-label="Turn off two-step verification">
        {off.error ? <FormError>{off.error}</FormError> : null}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <TextField
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={values.code}
          onChange={(e) => setValues({ ...values, code: e.target.value })}
        />
        <button type="submit" className="btn btn-danger" disabled={off.busy}>
          Turn off two-step verification
        </button>
      </form>
    </div>
  );
}
