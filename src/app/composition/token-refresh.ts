import { createActor, fromPromise } from 'xstate';
import { ApiError, type TokenPair } from '../../../contract/index.ts';
import { awaitRefresh, tokenRefreshMachine, type TokenRefreshActor } from '../../../machines/token-refresh.machine.ts';
import { configureApiClient } from '../../lib/api-client.ts';
import { announceSessionExpired } from '../../lib/auth-events.ts';
import { tokenStore } from '../../lib/token-store.ts';

/** The one app-wide token refresh: concurrent 401s join the refresh in flight (docs/architecture.md). */
export const appTokenRefreshMachine = tokenRefreshMachine.provide({
  // Loaded with the first refresh: a page without a session never needs it.
  actors: {
    refreshTokens: fromPromise<TokenPair, void>(async () =>
      (await import('../../features/auth/api/auth-api.ts')).refreshTokens(),
    ),
  },
  actions: {
    storeTokens: (_, params: TokenPair) => tokenStore.setTokens(params),
    clearTokens: () => tokenStore.clear(),
    redirectToLogin: () => announceSessionExpired(),
  },
});

let actor: TokenRefreshActor | null = null;

/**
 * The page's entry (src/main.tsx) wires the API client to this, so this module, the refresh machine and
 * the API client load with the first refresh a call needs: the actor starts then (it is idle until asked).
 */
export async function refreshOnDemand(): Promise<void> {
  const running = actor ?? startTokenRefresh();
  if (!(await awaitRefresh(running))) throw new ApiError(401, null);
}

/** Starts the refresh actor once and wires the API client to it. Returns the actor (tests inspect it). */
export function startTokenRefresh(): TokenRefreshActor {
  actor?.stop();
  const running = createActor(appTokenRefreshMachine).start();
  actor = running;
  configureApiClient({
    refreshAccessToken: async () => {
      if (!(await awaitRefresh(running))) throw new ApiError(401, null);
    },
  });
  return running;
}
