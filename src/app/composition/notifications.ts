import { fromPromise } from 'xstate';
import type { Notification, Preferences, PreferencesInput, WhatsAppOptInForm } from '../../../contract/index.ts';
import { createActionMachine } from '../../../machines/action.machine.ts';
import {
  notificationPreferencesMachine,
  whatsAppOptInMachine,
  type FormSubmitInput,
} from '../../../machines/form-submit.machine.ts';
import { notificationBellMachine, type UnreadStreamInput } from '../../../machines/notification-bell.machine.ts';
import {
  BELL_SIZE,
  chooseWhatsApp,
  fetchNotifications,
  fetchPreferences,
  markAllRead,
  savePreferences,
} from '../../features/notifications/api/notifications-api.ts';
import { listOf, loaderOf } from './lists.ts';

/**
 * The header's bell: the latest five and the unread count in one call, and the stream of the count (decision
 * record 080), whose reader is loaded when the bell first opens it (a chunk of its own).
 */
export const appNotificationBell = notificationBellMachine.provide({
  actors: {
    fetchLatest: fromPromise(() => fetchNotifications(null, BELL_SIZE)),
    followUnread: fromPromise<void, UnreadStreamInput>(async ({ input, signal }) => {
      const { followUnread } = await import('../../features/notifications/api/unread-stream.ts');
      await followUnread({
        signal,
        onOpen: () => input.bell.send({ type: 'stream.open' }),
        onUnread: (event) => input.bell.send({ type: 'stream.unread', ...event }),
      });
    }),
  },
});

/** /notifications: the list a page at a time (the server's `next`), and Mark all as read. */
export const notificationList = listOf<Notification>(async ({ cursor }) => {
  const page = await fetchNotifications(cursor);
  return { items: page.results, next: page.next, count: page.count };
});
export const markAllNotificationsRead = createActionMachine<{ unread: number }>().provide({
  actors: { run: fromPromise(() => markAllRead()) },
});

/** /notifications, Notification settings. */
export const notificationSettings = {
  preferences: loaderOf<Preferences>(() => fetchPreferences()),
  save: notificationPreferencesMachine.provide({
    actors: {
      submit: fromPromise<Preferences, FormSubmitInput<PreferencesInput>>(({ input }) => savePreferences(input.values)),
    },
  }),
  optIn: whatsAppOptInMachine.provide({
    actors: {
      submit: fromPromise<Preferences, FormSubmitInput<WhatsAppOptInForm>>(({ input }) =>
        chooseWhatsApp({ opt_in: true, phone: input.values.phone }),
      ),
    },
  }),
  optOut: createActionMachine<Preferences>().provide({
    actors: { run: fromPromise(() => chooseWhatsApp({ opt_in: false })) },
  }),
};
