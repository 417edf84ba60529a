import { assign, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { TokenPair } from '../contract/index.ts';
import { appAction, notProvided } from './placeholders.ts';

/**
 * The one access-token refresh of the whole app (spec section 4, Token refresh; docs/architecture.md).
 * Every request that gets a 401 joins the refresh in flight instead of starting its own, because
 * `refresh.request` is not handled while `refreshing`. `generation` counts finished refreshes so a
 * caller can wait for the outcome of the very refresh it joined (see `awaitRefresh`).
 */
export type TokenRefreshContext = {
  /** Finished refreshes, successful or not. */
  generation: number;
  lastOutcome: 'refreshed' | 'failed' | null;
};

export type TokenRefreshEvent = { type: 'refresh.request' };

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
  },
  actors: {
    /** Posts the stored refresh token; resolves with the new pair (the server rotates refresh tokens). */
    refreshTokens: notProvided<TokenPair>('refreshTokens'),
  },
  actions: {
    /** Keeps both: the refresh token presented is retired by the server, only the new one works. */
    storeTokens: appAction<TokenPair>(),
    clearTokens: appAction(),
    redirectToLogin: appAction(),
    recordOutcome: assign(({ context }, params: { outcome: 'refreshed' | 'failed' }) => ({
      generation: context.generation + 1,
      lastOutcome: params.outcome,
    })),
  },
}).createMachine({
  id: 'tokenRefresh',
  initial: 'idle',
  context: { generation: 0, lastOutcome: null },
  states: {
    idle: {
      on: { 'refresh.request': { target: 'refreshing' } },
    },
    refreshing: {
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: () => undefined,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'storeTokens', params: ({ event }) => event.output },
            { type: 'recordOutcome', params: { outcome: 'refreshed' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: ['clearTokens', 'redirectToLogin', { type: 'recordOutcome', params: { outcome: 'failed' } }],
        },
      },
    },
    // Not final: after the user logs in again, a later 401 may refresh again.
    failed: {
      on: { 'refresh.request': { target: 'refreshing' } },
    },
  },
});

export type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;

/**
 * Joins the refresh in flight, or starts one, and resolves once it has finished:
 * true when a new token pair was stored, false when the refresh failed.
 * The actor must be running.
 */
export async function awaitRefresh(actor: TokenRefreshActor): Promise<boolean> {
  const joined = actor.getSnapshot();
  if (!joined.matches('refreshing')) actor.send({ type: 'refresh.request' });
  const finished = await waitFor(actor, (snapshot) => snapshot.context.generation > joined.context.generation, {
    timeout: Infinity,
  });
  return finished.context.lastOutcome === 'refreshed';
}
