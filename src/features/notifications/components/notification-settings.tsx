import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import {
  NOTIFY_CHANNELS,
  NOTIFY_UI_MESSAGES,
  QUIET_HOURS,
  type Preferences,
} from '../../../../contract/notifications.ts';
import type { ActionLogic } from '../../../../machines/action.machine.ts';
import type { NotificationPreferencesLogic, WhatsAppOptInLogic } from '../../../../machines/form-submit.machine.ts';
import type { LoaderLogic } from '../../../../machines/loader.machine.ts';
import { FormError, Notice, RetryNotice } from '../../../components/notice.tsx';
import { WhatsAppSettings } from './whatsapp-settings.tsx';

export type NotificationSettingsProps = {
  /** GET /classroom/notifications/preferences/. */
  preferences: LoaderLogic<Preferences>;
  /** PUT …/preferences/ (the channels per kind). */
  save: NotificationPreferencesLogic;
  /** POST …/whatsapp/ `{opt_in: true, phone}`. */
  optIn: WhatsAppOptInLogic;
  /** POST …/whatsapp/ `{opt_in: false}`. */
  optOut: ActionLogic<Preferences>;
};

type Channel = (typeof NOTIFY_CHANNELS)[number];
const CHANNEL_LABELS: Record<Channel, string> = { email: 'Email', whatsapp: 'WhatsApp', sms: 'SMS' };
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * /notifications, Notification settings (decision records 073 and 074): per kind of message, the channels
 * as checkboxes (in the app always), WhatsApp's opt-in with the number and the consent, and the quiet
 * hours. A refusal shows the server's words next to the form that was refused.
 */
export function NotificationSettings({ preferences, save, optIn, optOut }: NotificationSettingsProps) {
  const [snapshot, send, loaderRef] = useMachine(preferences, {
    input: { failureText: NOTIFY_UI_MESSAGES.preferencesLoadFailed },
  });
  const reload = () => loaderRef.send({ type: 'loader.reload' });
  const data = snapshot.context.data;
  return (
    <section className="notification-settings" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">Notification settings</h2>
      {data === null && snapshot.matches('loading') ? <p role="status">Loading your notification settings...</p> : null}
      {snapshot.matches('failed') ? (
        <RetryNotice error={snapshot.context.error} onRetry={() => send({ type: 'loader.reload' })} />
      ) : null}
      {data ? (
        <>
          <WhatsAppSettings settings={data} optIn={optIn} optOut={optOut} onChanged={reload} />
          {/* Keyed by what the server holds: after an opt-in or opt-out the choices start from its answer. */}
          <ChannelsForm key={JSON.stringify(data)} settings={data} save={save} />
          <div className="card">
            <h3>Quiet hours</h3>
            <p>
              From {hour(QUIET_HOURS.fromHour)} to {hour(QUIET_HOURS.untilHour)} IST we send nothing on WhatsApp, SMS or
              email that is not urgent: it waits until {hour(QUIET_HOURS.untilHour)}. They are the same for every
              student (India’s rules for commercial messages), so there is nothing to choose. In the app, notifications
              arrive at any hour.
            </p>
          </div>
        </>
      ) : null}
    </section>
  );
}

function ChannelsForm({ settings, save }: { settings: Preferences; save: NotificationPreferencesLogic }) {
  const [form, send] = useMachine(save);
  const [kinds, setKinds] = useState(settings.kinds);
  const busy = form.hasTag('busy');

  const toggle = (kind: string, channel: Channel) =>
    setKinds((all) =>
      all.map((k) => (k.kind === kind ? { ...k, channels: { ...k.channels, [channel]: !k.channels[channel] } } : k)),
    );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send({ type: 'form.submit', values: { kinds: kinds.map(({ kind, channels }) => ({ kind, channels })) } });
  }

  return (
    <form className="card" method="post" onSubmit={onSubmit} noValidate aria-labelledby="channels-title">
      <h3 id="channels-title">What reaches you where</h3>
      <p className="hint">
        Every notification is here in the app. Choose what also comes by email, WhatsApp or SMS. Questions on lessons
        stay in the app.
      </p>
      {/* On a phone the five columns may be wider than the screen: the table scrolls in its own box, the page
          does not (the box is focusable so the keyboard scrolls it too). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="channel-table-area" tabIndex={0} role="region" aria-label="Channels per kind of message">
        <table className="channel-table">
          <thead>
            <tr>
              <th scope="col">Messages</th>
              <th scope="col">In the app</th>
              {NOTIFY_CHANNELS.map((c) => (
                <th scope="col" key={c}>
                  {CHANNEL_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((k) => (
              <tr key={k.kind}>
                <th scope="row">{k.label}</th>
                <td>
                  <input type="checkbox" checked disabled aria-label={`${k.label}: in the app (always)`} />
                </td>
                {NOTIFY_CHANNELS.map((c) => (
                  <td key={c}>
                    <input
                      type="checkbox"
                      checked={k.channels[c]}
                      disabled={busy}
                      aria-label={`${k.label}: ${CHANNEL_LABELS[c]}`}
                      onChange={() => toggle(k.kind, c)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {settings.sms_stopped ? (
        <p className="hint">Your number replied STOP to our SMS: none are sent until you turn WhatsApp on again.</p>
      ) : null}
      {form.matches('failed') && form.context.failure ? <FormError>{form.context.failure}</FormError> : null}
      {form.matches('done') ? <Notice kind="success">{NOTIFY_UI_MESSAGES.saved}</Notice> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : 'Save settings'}
      </button>
    </form>
  );
}
