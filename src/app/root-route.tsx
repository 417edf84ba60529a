import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { SessionContext } from '../lib/session.ts';
import { onSessionExpired } from '../lib/auth-events.ts';
import { paths } from '../config/paths.ts';

/** The root of every route: when a refresh fails the live session ends and the browser goes to /login. */
export function RootRoute() {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired(() => {
        // A stale token found at start-up only ends in "logged out" (spec section 8, current-user check);
        // a session that was live goes to /login (spec section 4, token refresh).
        if (!session.getSnapshot().matches('authenticated')) return;
        session.send({ type: 'session.expired' });
        navigate(paths.login);
      }),
    [session, navigate],
  );
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
