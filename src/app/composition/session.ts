import { fromPromise } from 'xstate';
import type { MfaLoginInput, User } from '../../../contract/index.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { tokenStore } from '../../lib/token-store.ts';

/**
 * The composition point: every machine gets its real actors and actions in src/app/composition.
 * One module per route chunk, so the admin panel's and checkout's wiring load with their chunks.
 * Tests fake only fetch, so they run these same implementations.
 */
/**
 * The auth API (and the contract schemas it parses with, so zod) loads when first needed: a visitor
 * without a stored token never needs it on a public page.
 */
const authApi = () => import('../../features/auth/api/auth-api.ts');

export const appSessionMachine = sessionMachine.provide({
  actors: {
    loadCurrentUser: fromPromise<User | null, void>(async () =>
      tokenStore.hasAny() ? (await authApi()).loadCurrentUser() : null,
    ),
    completeSecondFactor: fromPromise<User, MfaLoginInput>(async ({ input }) =>
      (await authApi()).completeSecondFactor(input),
    ),
    logout: fromPromise<void, void>(async () => {
      // Exam answers still waiting on this device go to the server before the session ends; then
      // nothing of this student's work stays for the next person at this computer.
      // (Loaded on logout only: the home page's entry stays as it is.)
      const leftovers = await import('../../lib/device-leftovers.ts');
      if (leftovers.attemptsWithQueuedAnswers().length) {
        await (await import('../../features/exams/api/queue-store.ts')).sendEveryStoredQueue();
      }
      try {
        await (await authApi()).logout();
      } finally {
        leftovers.forgetDeviceLeftovers();
      }
    }),
  },
  actions: {
    clearTokens: () => tokenStore.clear(),
    // Spec section 8: a failed current-user check is logged to the console.
    reportError: (_, params: { error: unknown }) => console.error(params.error),
  },
});

/**
 * A visitor without a stored token: nobody to ask the server about, so the session starts where the
 * check would end (`unauthenticated`). The server renders pages in this state, and the browser starts
 * from it too, so the hydrated markup matches what the server sent.
 */
export const anonymousSession = appSessionMachine.getPersistedSnapshot(
  appSessionMachine.resolveState({
    value: 'unauthenticated',
    context: { user: null, error: null, mfaToken: null, mfaPasskey: false },
  }),
);
