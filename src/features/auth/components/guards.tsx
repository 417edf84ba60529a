import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { MESSAGES } from '../../../../contract/index.ts';
import { loginWithNext } from '../../../app/paths.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { AccessDenied } from '../../../components/status-pages.tsx';
import { isAdmin, SessionContext } from '../session.ts';

/** Login required (spec section 6): unauthenticated visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const checking = SessionContext.useSelector((s) => s.matches('checking'));
  const authenticated = SessionContext.useSelector((s) => s.matches('authenticated'));
  if (checking) return <PageLoading />;
  if (!authenticated) return <Navigate to={loginWithNext(location.pathname)} replace />;
  return <>{children}</>;
}

/** Login and the admin role: anyone else sees Access Denied. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  return (
    <RequireAuth>{isAdmin(user) ? children : <AccessDenied message={MESSAGES.adminOnly} />}</RequireAuth>
  );
}
