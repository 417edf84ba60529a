import {
  NOTIFY_PATHS,
  NotificationPage,
  Preferences,
  type PreferencesInput,
  type WhatsAppChoice,
} from '../../../../contract/notifications.ts';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The notifications API (docs/api.md, "Notifications"), through the one API client. */

/** How many notifications the bell's menu shows. */
export const BELL_SIZE = 5;
/** How many the /notifications page shows at a time (the server pages; "Show more" follows `next`). */
export const PAGE_SIZE = 20;

/** A page of the signed-in user's notifications, newest first, with the unread count; `cursor` is `next`. */
export const fetchNotifications = (cursor: string | null, pageSize = PAGE_SIZE) =>
  cursor ? api.get(cursor, NotificationPage) : api.get(NOTIFY_PATHS.list, NotificationPage, { page_size: pageSize });

const Unread = z.object({ unread: z.number() });
export const markAllRead = () => api.post(NOTIFY_PATHS.read, { all: true }, Unread);
export const markRead = (ids: number[]) => api.post(NOTIFY_PATHS.read, { ids }, Unread);

export const fetchPreferences = () => api.get(NOTIFY_PATHS.preferences, Preferences);
export const savePreferences = (input: PreferencesInput) => api.put(NOTIFY_PATHS.preferences, input, Preferences);
export const chooseWhatsApp = (choice: WhatsAppChoice) => api.post(NOTIFY_PATHS.whatsapp, choice, Preferences);
