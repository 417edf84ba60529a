import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { PreloadedContext, type Preloaded } from '../lib/preloaded.ts';
import { SessionContext } from '../lib/session.ts';
import { anonymousSession, appSessionMachine } from './composition/session.ts';
import { tokenStore } from '../lib/token-store.ts';
import { createAppRouter } from './router.tsx';

type Router = ReturnType<typeof createAppRouter>;

/**
 * The app: the shared session actor around the router. `preloaded` is the data the server rendered the
 * first page with; it is dropped at the first client-side navigation (later pages load their own).
 */
export function App({ router, preloaded = {} }: { router?: Router; preloaded?: Preloaded }) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  const [data, setData] = useState(preloaded);
  // Without a stored token the session is known at once (and matches the server-rendered page).
  const [sessionOptions] = useState(() => (tokenStore.hasAny() ? undefined : { snapshot: anonymousSession }));
  useEffect(() => {
    // The page is interactive (hydrated or rendered): end-to-end tests wait for this mark.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useEffect(() => {
    const first = appRouter.state.location.key;
    return appRouter.subscribe((state) => {
      if (state.location.key !== first) setData({});
    });
  }, [appRouter]);
  return (
    <SessionContext.Provider logic={appSessionMachine} options={sessionOptions}>
      <PreloadedContext.Provider value={data}>
        <RouterProvider router={appRouter} />
      </PreloadedContext.Provider>
    </SessionContext.Provider>
  );
}
