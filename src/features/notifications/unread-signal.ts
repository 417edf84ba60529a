import { markRead } from './api/notifications-api.ts';
/**
 * "The unread count changed here": the /notifications page tells the header's bell after marking read,
 * so the bell asks at once instead of on its next tick. One listener set for the tab.
 */
const listeners = new Set<() => void>();

export const unreadSignal = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  changed(): void {
    for (const listener of listeners) listener();
  },
};

/**
 * Opening a notification's link reads it: an unread one is marked read on the server (in the background; the
 * page it opens does not wait), then the bell asks again. A failure leaves it unread, to be read later.
 */
export function readOnOpen(notification: { id: number; read: boolean }): void {
  if (notification.read) return;
  markRead([notification.id]).then(
    () => unreadSignal.changed(),
    () => undefined,
  );
}
