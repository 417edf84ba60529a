import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { RouteErrorPage } from '../components/route-error-page.tsx';
import { SessionContext } from '../lib/session.ts';
import { onSessionExpired } from '../lib/auth-events.ts';
import { paths } from '../config/paths.ts';
import { useRouteTitle } from '../lib/document-title.ts';

type BoundaryProps = { location: string; children: ReactNode };

/**
 * A page that fails to render shows the route error page (React Router's declarative mode has no route
 * error element). Going to another location (back, or a link) renders the routes again.
 */
class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; location: string }> {
  override state = { failed: false, location: this.props.location };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: { location: string }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }
  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** The root of every route: when a refresh fails the live session ends and the browser goes to /login. */
export function RootRoute() {
  const session = SessionContext.useActorRef();
  const navigate = useNavigate();
  const location = useLocation();
  // Every page its own title. This runs after the page's own effects, so a page that names itself (a
  // program) gets null here and keeps its title.
  useRouteTitle(location.pathname);
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
    <RouteErrorBoundary location={location.key}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
