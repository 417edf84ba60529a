import { assign, setup } from 'xstate';
import { MESSAGES } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The one list-loading machine (cypress-realworld-app style): each list specialises it by providing
 * its own `fetchPage` actor. Pages follow the server's `next` cursor (docs/deviations.md);
 * a plain array answer is one page with `next: null`.
 */
export type ListParams = Record<string, unknown>;

export type ListInput = {
  params?: ListParams;
  /** The text a failed load shows, e.g. MESSAGES.programsLoadFailed; default MESSAGES.adminLoadFailed. */
  failureText?: string;
};

export type FetchPageInput = { params: ListParams; cursor: string | null };
/** `countCapped`: the server stopped counting at its cap, so `count` means "at least". */
export type ListPage<TItem> = { items: TItem[]; next: string | null; count?: number; countCapped?: boolean };

export type ListContext<TItem> = {
  params: ListParams;
  items: TItem[];
  /** Cursor of the next page; null when every page is loaded. */
  next: string | null;
  /** The server's total, when it tells one. */
  count: number | null;
  /** True when that total is a lower bound (the server stopped counting at its cap). */
  countCapped: boolean;
  error: string | null;
  failureText: string;
};

/** How long typing must pause before a search is sent (list.search). */
export const SEARCH_DELAY_MS = 300;

export type ListEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.params'; params: ListParams }
  /** New params from typing: loaded once typing pauses for SEARCH_DELAY_MS (each keystroke restarts the wait). */
  | { type: 'list.search'; params: ListParams }
  | { type: 'list.loadMore' };

/** A list machine typed for its items; `listMachine` below is the untyped instance. */
export function createListMachine<TItem = unknown>() {
  return setup({
    types: {
      input: {} as ListInput,
      context: {} as ListContext<TItem>,
      events: {} as ListEvent,
    },
    actors: {
      fetchPage: notProvided<ListPage<TItem>, FetchPageInput>('fetchPage'),
    },
    actions: {
      setParams: assign((_, params: { params: ListParams }) => ({ params: params.params })),
      replaceItems: assign((_, params: { page: ListPage<TItem> }) => ({
        items: params.page.items,
        next: params.page.next,
        count: params.page.count ?? null,
        countCapped: params.page.countCapped ?? false,
        error: null,
      })),
      appendItems: assign(({ context }, params: { page: ListPage<TItem> }) => ({
        items: [...context.items, ...params.page.items],
        next: params.page.next,
        count: params.page.count ?? context.count,
        countCapped: params.page.count === undefined ? context.countCapped : (params.page.countCapped ?? false),
        error: null,
      })),
      showFailure: assign(({ context }) => ({ error: context.failureText })),
      clearError: assign({ error: null }),
    },
    guards: {
      hasMore: ({ context }) => context.next !== null,
    },
    delays: { searchDelay: SEARCH_DELAY_MS },
  }).createMachine({
    id: 'list',
    context: ({ input }) => ({
      params: input.params ?? {},
      items: [],
      next: null,
      count: null,
      countCapped: false,
      error: null,
      failureText: input.failureText ?? MESSAGES.adminLoadFailed,
    }),
    initial: 'loading',
    // From any state: a reload or new filters start over (a load in flight is cancelled).
    on: {
      'list.reload': { target: '.loading' },
      'list.params': {
        target: '.loading',
        actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
      },
      'list.search': {
        target: '.debouncing',
        actions: { type: 'setParams', params: ({ event }) => ({ params: event.params }) },
      },
    },
    states: {
      loading: {
        tags: ['busy'],
        entry: 'clearError',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ params: context.params, cursor: null }),
          onDone: {
            target: 'loaded',
            actions: { type: 'replaceItems', params: ({ event }) => ({ page: event.output }) },
          },
          onError: { target: 'failed', actions: 'showFailure' },
        },
      },
      // Typing: the items shown stay until the pause; another keystroke re-enters and restarts the wait.
      debouncing: {
        entry: 'clearError',
        after: { searchDelay: { target: 'loading' } },
      },
      failed: {
        on: { 'list.retry': { target: 'loading' } },
      },
      loaded: {
        initial: 'idle',
        states: {
          idle: {
            on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
          },
          // Items already shown stay; a second loadMore while one is in flight is ignored.
          loadingMore: {
            tags: ['busy'],
            invoke: {
              id: 'fetchNextPage',
              src: 'fetchPage',
              input: ({ context }) => ({ params: context.params, cursor: context.next }),
              onDone: {
                target: 'idle',
                actions: { type: 'appendItems', params: ({ event }) => ({ page: event.output }) },
              },
              onError: { target: 'moreFailed', actions: 'showFailure' },
            },
          },
          moreFailed: {
            on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' } },
          },
        },
      },
    },
  });
}

export const listMachine = createListMachine();

/** A list machine for items of type T (what a view that runs one needs). */
export type ListLogic<TItem> = ReturnType<typeof createListMachine<TItem>>;

/**
 * A list already loaded (the server rendered it and embedded its items in the page): the snapshot a view
 * starts from instead of `loading`, so hydration shows what the server rendered without a second fetch.
 * A restored snapshot takes no transition: the machine is the same, only its starting point differs.
 */
export function loadedListSnapshot<TItem>(list: ListLogic<TItem>, items: TItem[], input: ListInput = {}) {
  return list.getPersistedSnapshot(
    list.resolveState({
      value: { loaded: 'idle' },
      context: {
        params: input.params ?? {},
        items,
        next: null,
        count: null,
        countCapped: false,
        error: null,
        failureText: input.failureText ?? MESSAGES.adminLoadFailed,
      },
    }),
  );
}
