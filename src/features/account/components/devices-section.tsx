import { useMachine } from '@xstate/react';
import type { SignedInDevice } from '../../../../contract/index.ts';
import { FormError, Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import { signOutDevice } from '../api/account-api.ts';
import type { AccountMachines } from '../types.ts';
import { useFormAction } from './use-form-action.ts';

/** Every login of the account (a browser or device that signed in), each with Sign out. */
export function DevicesSection({ machines }: { machines: AccountMachines }) {
  const [snapshot, send] = useMachine(machines.devices, { input: {} });
  const devices = snapshot.context.data ?? [];
  if (snapshot.context.error) return <Notice kind="error">{snapshot.context.error}</Notice>;
  if (!snapshot.context.data) return <p>Loading signed-in devices...</p>;
  return (
    <ul className="device-list">
      {devices.map((device) => (
        <DeviceRow
          key={device.id}
          device={device}
          machines={machines}
          onSignedOut={() => send({ type: 'loader.reload' })}
        />
      ))}
    </ul>
  );
}

function DeviceRow(props: { device: SignedInDevice; machines: AccountMachines; onSignedOut: () => void }) {
  const { device } = props;
  const action = useFormAction(props.machines, async () => {
    await signOutDevice(device.id);
    props.onSignedOut();
  });
  return (
    <li>
      <span>
        Signed in {formatDateTime(device.signed_in_at)} · until {formatDateTime(device.expires_at)}
      </span>{' '}
      <button type="button" className="btn btn-outline btn-small" disabled={action.busy} onClick={action.submit}>
        {action.busy ? 'Signing out...' : 'Sign out'}
      </button>
      {action.error ? <FormError>{action.error}</FormError> : null}
    </li>
  );
}
