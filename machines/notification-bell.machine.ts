import { assign, raise, setup } from 'xstate';
import type { NotificationPage, UnreadEvent } from '../contract/notifications.ts';
import { NOTIFY_UI_MESSAGES } from '../contract/notifications.ts';
import { notProvided } from './placeholders.ts';

/**
 * The header's notification bell (decision records 073, 074 and 080). While the tab is visible (`live`), two
 * regions run side by side. `list`: the latest five with the unread count, asked when the bell starts, on
 * `bell.refresh` (the menu opens, the /notifications page marked some read) and by the fallback poll.
 * `stream`: the server-sent events of the unread count (GET /classroom/notifications/stream/): `connecting`,
 * then `connected` once the server answers; each `stream.unread` sets the count. When the stream fails, or
 * the server ends it (its token expired, a restart), the bell is `reconnecting`: it polls every BELL_POLL_MS
 * meanwhile (the poll of before the stream) and opens the stream again after `retryDelay` (about a second
 * after an end, then doubling with each failure up to STREAM_RETRY_MAX_MS). A hidden tab (`paused`) asks
 * nothing and holds no stream; shown again, it asks at once and reconnects. A failed ask keeps the last count.
 */
export const BELL_POLL_MS = 60_000;
export const STREAM_RETRY_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 300_000;

/** How long before the next stream: 1–2 s after an end, doubling with each failure, with jitter (±20%). */
export function streamRetryDelay(failures: number, random: () => number = Math.random): number {
  if (failures === 0) return STREAM_RETRY_MS * (1 + random());
  return Math.min(STREAM_RETRY_MS * 2 ** failures, STREAM_RETRY_MAX_MS) * (0.8 + 0.4 * random());
}

export type NotificationBellInput = {
  /** Whether the tab is visible when the bell starts. */
  visible: boolean;
};

export type NotificationBellContext = {
  /** The last answer of the list (its first page); kept while the next ask is in flight. */
  page: NotificationPage | null;
  /** The count the bell shows: the list's, or the stream's when that is newer. */
  unread: number;
  /** The newest notification id the stream told (0 before it told one). */
  latestId: number;
  error: string | null;
  /** Streams that failed in a row (0 after one that opened). */
  failures: number;
  /** The tab's visibility when the bell started (its input). */
  startsVisible: boolean;
};

export type NotificationBellEvent =
  | { type: 'bell.visible' }
  | { type: 'bell.hidden' }
  | { type: 'bell.refresh' }
  | { type: 'stream.open' }
  | ({ type: 'stream.unread' } & UnreadEvent);

/** What the stream actor gets: the bell, to send it `stream.open` and `stream.unread`. */
export type UnreadStreamInput = { bell: { send: (event: NotificationBellEvent) => void } };

export const notificationBellMachine = setup({
  types: {
    input: {} as NotificationBellInput,
    context: {} as NotificationBellContext,
    events: {} as NotificationBellEvent,
  },
  actors: {
    /** The latest notifications with the unread count (GET /classroom/notifications/?page_size=5). */
    fetchLatest: notProvided<NotificationPage>('fetchLatest'),
    /** Follows the stream until the server ends it (done) or it fails (error), telling the bell meanwhile. */
    followUnread: notProvided<void, UnreadStreamInput>('followUnread'),
  },
  actions: {
    // A list answer older than what the stream told keeps the stream's count.
    setPage: assign(({ context }, params: { page: NotificationPage }) => ({
      page: params.page,
      unread: (params.page.results[0]?.id ?? 0) < context.latestId ? context.unread : params.page.unread,
      error: null,
    })),
    setUnread: assign((_, params: UnreadEvent) => ({ unread: params.unread, latestId: params.latest_id ?? 0 })),
    showFailure: assign({ error: NOTIFY_UI_MESSAGES.loadFailed }),
    clearFailures: assign({ failures: 0 }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
  guards: {
    startsVisible: ({ context }) => context.startsVisible,
  },
  delays: {
    pollDelay: BELL_POLL_MS,
    retryDelay: ({ context }) => streamRetryDelay(context.failures),
  },
}).createMachine({
  id: 'notification-bell',
  context: ({ input }) => ({
    page: null,
    unread: 0,
    latestId: 0,
    error: null,
    failures: 0,
    startsVisible: input.visible,
  }),
  initial: 'resolving',
  states: {
    // Transient: a hidden tab starts paused.
    resolving: {
      always: [{ guard: 'startsVisible', target: 'live' }, { target: 'paused' }],
    },
    /** The tab is hidden: nothing is asked, no stream is open. */
    paused: {
      on: { 'bell.visible': { target: 'live' } },
    },
    live: {
      type: 'parallel',
      on: { 'bell.hidden': { target: 'paused' } },
      states: {
        list: {
          initial: 'loading',
          on: { 'bell.refresh': { target: '.loading' } },
          states: {
            loading: {
              tags: ['busy'],
              invoke: {
                id: 'fetchLatest',
                src: 'fetchLatest',
                onDone: {
                  target: 'idle',
                  actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) },
                },
                onError: { target: 'idle', actions: 'showFailure' },
              },
            },
            idle: {},
          },
        },
        stream: {
          initial: 'open',
          states: {
            open: {
              invoke: {
                id: 'followUnread',
                src: 'followUnread',
                input: ({ self }) => ({ bell: self }),
                // The server ended it (the token expired, a restart): again soon.
                onDone: { target: 'reconnecting', actions: 'clearFailures' },
                onError: { target: 'reconnecting', actions: 'countFailure' },
              },
              initial: 'connecting',
              on: {
                'stream.unread': {
                  target: '.connected',
                  actions: {
                    type: 'setUnread',
                    params: ({ event }) => ({ unread: event.unread, latest_id: event.latest_id }),
                  },
                },
              },
              states: {
                connecting: {
                  on: { 'stream.open': { target: 'connected', actions: 'clearFailures' } },
                },
                connected: { tags: ['streaming'] },
              },
            },
            /** Between two streams: the list is polled as before the stream existed. */
            reconnecting: {
              after: { retryDelay: { target: 'open' } },
              initial: 'waiting',
              states: {
                waiting: {
                  after: { pollDelay: { target: 'waiting', reenter: true, actions: raise({ type: 'bell.refresh' }) } },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type NotificationBellLogic = typeof notificationBellMachine;
