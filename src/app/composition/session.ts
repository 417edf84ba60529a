import { fromPromise } from 'xstate';
import type { LoginInput, RegisterInput, User } from '../../../contract/index.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { loadCurrentUser, login, logout, register } from '../../features/auth/api/auth-api.ts';
import { tokenStore } from '../../lib/token-store.ts';

/**
 * The composition point: every machine gets its real actors and actions in src/app/composition.
 * One module per route chunk, so the admin panel's and checkout's wiring load with their chunks.
 * Tests fake only fetch, so they run these same implementations.
 */
export const appSessionMachine = sessionMachine.provide({
  actors: {
    loadCurrentUser: fromPromise<User | null, void>(() => loadCurrentUser()),
    login: fromPromise<User, LoginInput>(({ input }) => login(input)),
    register: fromPromise<User, RegisterInput>(({ input }) => register(input)),
    logout: fromPromise<void, void>(() => logout()),
  },
  actions: {
    clearTokens: () => tokenStore.clear(),
    // Spec section 8: a failed current-user check is logged to the console.
    reportError: (_, params: { error: unknown }) => console.error(params.error),
  },
});
