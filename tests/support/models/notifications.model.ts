import { ApiError, type NotificationPage, type Preferences } from '../../../contract/index.ts';
import {
  notificationBellMachine,
  notificationPreferencesMachine,
  whatsAppOptInMachine,
  type NotificationBellInput,
} from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';
import { formModel } from './form-submit.model.ts';

/** Notifications (decision records 073 and 074): the header's bell and the two settings forms. */
export const bellPage: NotificationPage = {
  count: 7,
  unread: 3,
  next: '/classroom/notifications/?page=2&page_size=5',
  previous: null,
  results: [
    {
      id: 7,
      event: 'announcement',
      kind: 'announcements',
      title: 'Class moved to Thursday',
      body: 'This week’s live class is on Thursday at 19:00 IST.',
      link: '/notifications',
      urgent: true,
      read: false,
      created_at: '2026-11-27T12:30:00.000Z',
    },
  ],
};
/** Everything read: the bell shows no count. */
export const bellAllRead: NotificationPage = { ...bellPage, unread: 0, results: [] };

/** The tab's visibility when the bell starts: visible asks at once, hidden waits. */
export const bellVisible: NotificationBellInput = { visible: true };
export const bellHidden: NotificationBellInput = { visible: false };

export const notificationBellModel: MachineModel<NotificationBellInput> = {
  name: 'notification-bell',
  machine: notificationBellMachine,
  actors: ['fetchLatest'],
  appActions: [],
  inputs: [bellVisible, bellHidden],
  events: [
    { type: 'bell.visible' },
    { type: 'bell.hidden' },
    { type: 'bell.refresh' },
    // The poll's interval (BELL_POLL_MS): the machine's delayed transition, as its event.
    { type: 'xstate.after.pollDelay.notification-bell.polling.waiting' },
    { type: 'xstate.done.actor.fetchLatest', output: bellPage },
    { type: 'xstate.done.actor.fetchLatest', output: bellAllRead },
    { type: 'xstate.error.actor.fetchLatest', error: networkError },
  ],
  stateKey: (snapshot) => ({
    value: snapshot.value,
    unread: (snapshot.context as { page: NotificationPage | null }).page?.unread ?? null,
    error: (snapshot.context as { error: string | null }).error,
  }),
  kind: ['shortest', 'transitions'],
};

export const sampleSettings: Preferences = {
  phone: null,
  whatsapp_opted_in: false,
  sms_stopped: false,
  kinds: [
    {
      kind: 'class_reminders',
      label: 'Class reminders',
      channels: { email: true, whatsapp: false, sms: false },
    },
  ],
};
export const validPreferences = { kinds: [{ kind: 'class_reminders', channels: sampleSettings.kinds[0]!.channels }] };
export const invalidPreferences = { kinds: [] };
/** The server refuses WhatsApp before the opt-in (400 `{detail}`). */
export const whatsAppFirst = new ApiError(400, {
  detail: 'Turn on WhatsApp with your number first, then choose what it brings you.',
});

export const notificationPreferencesModel = formModel('notification-preferences', notificationPreferencesMachine, {
  valid: validPreferences,
  invalid: invalidPreferences,
  outputs: [sampleSettings],
  errors: [whatsAppFirst, serverError, networkError],
});

export const validOptIn = { phone: '98765 43210', consent: true };
export const invalidOptIn = { phone: '12345', consent: false };
/** The server refuses the number (400 with its words). */
export const numberRefused = new ApiError(400, { detail: 'Enter a 10-digit Indian mobile number.' });

export const whatsAppOptInModel = formModel('whatsapp-opt-in', whatsAppOptInMachine, {
  valid: validOptIn,
  invalid: invalidOptIn,
  outputs: [{ ...sampleSettings, phone: '919876543210', whatsapp_opted_in: true }],
  errors: [numberRefused, networkError],
});
