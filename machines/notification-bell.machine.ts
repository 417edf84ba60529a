import { assign, setup } from 'xstate';
import type { NotificationPage } from '../contract/notifications.ts';
import { NOTIFY_UI_MESSAGES } from '../contract/notifications.ts';
import { notProvided } from './placeholders.ts';

/**
 * The header's notification bell (decision records 073 and 074): the unread count and the latest few
 * notifications, asked again every BELL_POLL_MS while the tab is visible (the server offers no stream of
 * the count: polling GET /classroom/notifications/ is the way). A hidden tab asks nothing; showing it
 * again asks at once, then on the interval. `bell.refresh` asks at once (after marking read elsewhere).
 * A failed ask keeps the last count shown and tries again on the next tick. The view reports the tab's
 * visibility (document.visibilityState) with `bell.visible` / `bell.hidden`; the menu is a disclosure.
 */
export const BELL_POLL_MS = 60_000;

export type NotificationBellInput = {
  /** Whether the tab is visible when the bell starts. */
  visible: boolean;
};

export type NotificationBellContext = {
  /** The last answer (its `unread` and its first page); kept while the next ask is in flight. */
  page: NotificationPage | null;
  error: string | null;
  /** The tab's visibility when the bell started (its input). */
  startsVisible: boolean;
};

export type NotificationBellEvent = { type: 'bell.visible' } | { type: 'bell.hidden' } | { type: 'bell.refresh' };

export const notificationBellMachine = setup({
  types: {
    input: {} as NotificationBellInput,
    context: {} as NotificationBellContext,
    events: {} as NotificationBellEvent,
  },
  actors: {
    /** The latest notifications with the unread count (GET /classroom/notifications/?page_size=5). */
    fetchLatest: notProvided<NotificationPage>('fetchLatest'),
  },
  actions: {
    setPage: assign((_, params: { page: NotificationPage }) => ({ page: params.page, error: null })),
    showFailure: assign({ error: NOTIFY_UI_MESSAGES.loadFailed }),
  },
  guards: {
    startsVisible: ({ context }) => context.startsVisible,
  },
  delays: { pollDelay: BELL_POLL_MS },
}).createMachine({
  id: 'notification-bell',
  context: ({ input }) => ({ page: null, error: null, startsVisible: input.visible }),
  initial: 'resolving',
  states: {
    // Transient: a hidden tab starts paused.
    resolving: {
      always: [{ guard: 'startsVisible', target: 'polling' }, { target: 'paused' }],
    },
    /** The tab is hidden: nothing is asked. */
    paused: {
      on: { 'bell.visible': { target: 'polling' } },
    },
    polling: {
      initial: 'loading',
      on: {
        'bell.hidden': { target: 'paused' },
        'bell.refresh': { target: '.loading' },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'fetchLatest',
            src: 'fetchLatest',
            onDone: {
              target: 'waiting',
              actions: { type: 'setPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: { target: 'waiting', actions: 'showFailure' },
          },
        },
        waiting: {
          after: { pollDelay: { target: 'loading' } },
        },
      },
    },
  },
});

export type NotificationBellLogic = typeof notificationBellMachine;
