import { assign, setup } from 'xstate';
import { MESSAGES } from '../contract/index.ts';
import { notProvided } from './placeholders.ts';

/**
 * One-shot loads of a single resource (admin stats, issue summary): the app provides `load`.
 * Lists use listMachine instead.
 */
export type LoaderParams = Record<string, unknown>;

export type LoaderInput = {
  params?: LoaderParams;
  /** The text a failed load shows; default MESSAGES.adminLoadFailed. */
  failureText?: string;
};

export type LoadInput = { params: LoaderParams };

export type LoaderContext<TData> = {
  params: LoaderParams;
  /** The last data loaded; kept while a reload is in flight. */
  data: TData | null;
  error: string | null;
  failureText: string;
};

export type LoaderEvent = { type: 'loader.reload' };

/** A loader typed for its data; `loaderMachine` below is the untyped instance. */
export function createLoaderMachine<TData = unknown>() {
  return setup({
    types: {
      input: {} as LoaderInput,
      context: {} as LoaderContext<TData>,
      events: {} as LoaderEvent,
    },
    actors: {
      load: notProvided<TData, LoadInput>('load'),
    },
    actions: {
      setData: assign((_, params: { data: TData }) => ({ data: params.data, error: null })),
      showFailure: assign(({ context }) => ({ error: context.failureText })),
    },
  }).createMachine({
    id: 'loader',
    context: ({ input }) => ({
      params: input.params ?? {},
      data: null,
      error: null,
      failureText: input.failureText ?? MESSAGES.adminLoadFailed,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: { target: 'loaded', actions: { type: 'setData', params: ({ event }) => ({ data: event.output }) } },
          onError: { target: 'failed', actions: 'showFailure' },
        },
      },
      loaded: {
        on: { 'loader.reload': { target: 'loading' } },
      },
      failed: {
        on: { 'loader.reload': { target: 'loading' } },
      },
    },
  });
}

export const loaderMachine = createLoaderMachine();

/** A loader machine for data of type T (what a view that runs one needs). */
export type LoaderLogic<TData> = ReturnType<typeof createLoaderMachine<TData>>;
