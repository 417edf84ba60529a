/**
 * In-process news of notifications (decision record 080), for the unread streams of this process: notifyMany
 * says it wrote some (inside its transaction, before the commit: a listener looks a moment later, and the
 * watcher's regular look finds what committed later still); markRead says a user read some. Other processes
 * learn of both through the database (the watcher's look every NOTIFY_STREAM_POLL_MS, its re-read at every
 * heartbeat).
 */
export type NotificationChange = { kind: 'written' } | { kind: 'read'; userId: number };
type Listener = (change: NotificationChange) => void;

const listeners = new Set<Listener>();

export const localChanges = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  tell(change: NotificationChange): void {
    for (const listener of listeners) listener(change);
  },
};
