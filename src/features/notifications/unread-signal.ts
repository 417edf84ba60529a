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
