import { NOTIFY_PATHS, NOTIFY_STREAM, UnreadEvent } from '../../../../contract/notifications.ts';
import { readEventStream } from '../../../lib/event-stream.ts';

/**
 * The bell's stream of the unread count (decision record 080): GET /classroom/notifications/stream/ with the
 * access token, each `unread` event parsed with the contract's schema (one that does not parse is skipped).
 * Its own chunk: the bell imports it once it runs, so no page's entry carries it.
 */
export function followUnread(options: {
  signal: AbortSignal;
  onOpen: () => void;
  onUnread: (event: UnreadEvent) => void;
}): Promise<void> {
  return readEventStream(NOTIFY_PATHS.stream, {
    signal: options.signal,
    silenceMs: NOTIFY_STREAM.silenceMs,
    onOpen: options.onOpen,
    onMessage: (message) => {
      if (message.event !== NOTIFY_STREAM.event || options.signal.aborted) return;
      let parsed;
      try {
        parsed = UnreadEvent.safeParse(JSON.parse(message.data));
      } catch {
        return;
      }
      if (parsed.success) options.onUnread(parsed.data);
    },
  });
}
