import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { MFA_MESSAGES, type Passkey } from '../../../../contract/index.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import type { PasskeyLogic } from '../../../../machines/passkey.machine.ts';
import { TextField } from '../../../components/field.tsx';
import { FormError, Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import { useFormAction } from './use-form-action.ts';
import type { AccountMachines, AccountSection } from '../types.ts';
import { removePasskey } from '../api/passkey-api.ts';
import { PasskeyStatus } from '../../../components/passkey-status.tsx';
import { PasskeysNeedName, usePasskeyBlockedAddress } from '../../../lib/passkey-host.tsx';

export type PasskeyMachines = { list: LoaderLogic<Passkey[]>; registration: PasskeyLogic };

/**
 * The account page's "Passkeys" section: the passkeys (name, added, last used), adding one with a name,
 * removing one. Adding a second factor's worth, or removing, asks for a fresh step-up (the modal).
 */
export function passkeysSection(logic: PasskeyMachines): AccountSection {
  function PasskeysSection({ machines }: { machines: AccountMachines }) {
    const [list, sendList] = useMachine(logic.list, { input: {} });
    const reload = () => sendList({ type: 'loader.reload' });
    const [ceremony, send] = useMachine(logic.registration.provide({ actions: { succeeded: reload } }));
    const [name, setName] = useState('');
    const [password, setPassword] = useState('');
    const [nameError, setNameError] = useState<string | undefined>();
    const busy = ceremony.hasTag('busy');
    // Opened at an IP address: passkeys cannot work here; say so plainly and link to where they can.
    const blocked = usePasskeyBlockedAddress();

    const add = (event: FormEvent) => {
      event.preventDefault();
      if (!name.trim()) {
        setNameError('Give the passkey a name (e.g. "Work laptop").');
        return;
      }
      setNameError(undefined);
      send({ type: 'passkey.start', input: { name: name.trim(), ...(password ? { password } : {}) } });
      setPassword('');
    };

    return (
      <div>
        <p>
          A passkey signs you in with your device&apos;s screen lock (fingerprint, face or PIN) instead of a password,
          and counts as your second step. Add one on each device you use: without another passkey or an authenticator
          app, losing your only device means asking the institute to reset your account.
        </p>
        {list.context.error ? <FormError>{list.context.error}</FormError> : null}
        {list.context.data && list.context.data.length === 0 ? <p>No passkeys yet.</p> : null}
        <ul className="device-list" aria-label="Passkeys">
          {(list.context.data ?? []).map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} machines={machines} onRemoved={reload} />
          ))}
        </ul>
        {blocked ? <PasskeysNeedName address={blocked} /> : null}
        <form method="post" onSubmit={add} noValidate hidden={blocked !== null}>
          <TextField
            label="Name of the new passkey"
            name="passkey_name"
            value={name}
            error={nameError}
            onChange={(e) => setName(e.target.value)}
          />
          {list.context.data?.length === 0 ? (
            <TextField
              label="Your password"
              name="passkey_password"
              type="password"
              autoComplete="current-password"
              hint={MFA_MESSAGES.firstFactorHint}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Adding...' : 'Add a passkey'}
          </button>
        </form>
        <PasskeyStatus snapshot={ceremony} />
        {ceremony.matches('done') ? <Notice kind="success">Passkey added.</Notice> : null}
      </div>
    );
  }
  return { id: 'passkeys', title: 'Passkeys', Component: PasskeysSection };
}

function PasskeyRow(props: { passkey: Passkey; machines: AccountMachines; onRemoved: () => void }) {
  const { passkey } = props;
  const action = useFormAction(props.machines, async () => {
    await removePasskey(passkey.id);
    props.onRemoved();
  });
  return (
    <li>
      <span>
        <strong>{passkey.name}</strong> · added {formatDateTime(passkey.created_at)} ·{' '}
        {passkey.last_used_at ? `last used ${formatDateTime(passkey.last_used_at)}` : 'not used yet'}
      </span>{' '}
      <button
        type="button"
        className="btn btn-outline btn-small"
        disabled={action.busy}
        onClick={action.submit}
        aria-label={`Remove passkey ${passkey.name}`}
      >
        {action.busy ? 'Removing...' : 'Remove'}
      </button>
      {action.error ? <FormError>{action.error}</FormError> : null}
    </li>
  );
}
