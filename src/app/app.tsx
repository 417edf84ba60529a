import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SessionContext } from '../lib/session.ts';
import { appSessionMachine } from './composition/session.ts';
import { createAppRouter } from './router.tsx';

type Router = ReturnType<typeof createAppRouter>;

/** The app: the shared session actor around the router. */
export function App({ router }: { router?: Router }) {
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <SessionContext.Provider logic={appSessionMachine}>
      <RouterProvider router={appRouter} />
    </SessionContext.Provider>
  );
}
