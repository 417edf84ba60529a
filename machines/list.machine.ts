import { assign, setup } from 'xstate';
import { MESSAGES } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * The one list-loading machine (cypress-realworld-app style): each list specialises it by providing
 * its own `fetchPage` actor. Pages follow the server's `next` cursor (design.md deviation 5);
 * a plain array answer is one page with `next: null`.
 */
export type ListParams = Record<string, unknown>;

export type ListInput = {
  params?: ListParams;
  /** The text a failed load shows, e.g. MESSAGES.programsLoadFailed; default MESSAGES.adminLoadFailed. */
  failureText?: string;
};

export type FetchPageInput = { params: ListParams; cursor: string | null };
export type ListPage<TItem> = { items: TItem[]; next: string | null; count?: number };

export type ListContext<TItem> = {
  params: ListParams;
  items: TItem[];
  /** Cursor of the next page; null when every page is loaded. */
  next: string | null;
  /** The server's total, when it tells one. */
  count: number | null;
  error: string | null;
  failureText: string;
};

export type ListEvent =
  | { type: 'list.reload' }
  | { type: 'list.retry' }
  | { type: 'list.params'; params: ListParams }
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
        error: null,
      })),
      appendItems: assign(({ context }, params: { page: ListPage<TItem> }) => ({
        items: [...context.items, ...params.page.items],
        next: params.page.next,
        count: params.page.count ?? context.count,
        error: null,
      })),
      showFailure: assign(({ context }) => ({ error: context.failureText })),
      clearError: assign({ error: null }),
    },
    guards: {
      hasMore: ({ context }) => context.next !== null,
    },
  }).createMachine({
    id: 'list',
    context: ({ input }) => ({
      params: input.params ?? {},
      items: [],
      next: null,
      count: null,
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
