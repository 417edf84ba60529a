import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import type { Preloaded } from '../lib/preloaded.ts';
import { SessionContext } from '../lib/session.ts';
import { anonymousSession, appSessionMachine } from './composition/session.ts';
import { tokenStore } from '../lib/token-store.ts';
import { AppRoutes } from './router.tsx';

/**
 * The app: the shared session actor around the routes in the browser's router. `preloaded` is the data
 * the server rendered the first page with (AppRoutes drops it at the first client-side navigation).
 * Tests pass `routing`, the same routes in a memory router (src/app/router.tsx, createTestRouter).
 */
export function App({ routing, preloaded }: { routing?: ReactNode; preloaded?: Preloaded }) {
  // Without a stored token the session is known at once (and matches the server-rendered page).
  const [sessionOptions] = useState(() => (tokenStore.hasAny() ? undefined : { snapshot: anonymousSession }));
  useEffect(() => {
    // The page is interactive (hydrated or rendered): end-to-end tests wait for this mark.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <SessionContext.Provider logic={appSessionMachine} options={sessionOptions}>
      {routing ?? (
        <BrowserRouter>
          <AppRoutes preloaded={preloaded} />
        </BrowserRouter>
      )}
    </SessionContext.Provider>
  );
}
