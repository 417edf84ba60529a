import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { MESSAGES, type User } from '../../../../contract/index.ts';
import { loginWithNext, paths } from '../../../config/paths.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { AccessDenied } from '../../../components/status-pages.tsx';
import { logoutIntent } from '../../../lib/logout-intent.ts';
import { SessionContext } from '../../../lib/session.ts';

/** Login required (spec section 6): unauthenticated visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const checking = SessionContext.useSelector((s) => s.matches('checking'));
  const authenticated = SessionContext.useSelector((s) => s.matches('authenticated'));
  if (checking) return <PageLoading />;
  // The user chose to leave: Logout ends on the home page, never on /login?next=...
  if (!authenticated && logoutIntent.isSet()) return <Navigate to={paths.home} replace />;
  if (!authenticated) return <Navigate to={loginWithNext(location.pathname)} replace />;
  logoutIntent.clear();
  return <>{children}</>;
}

export type GuardedRole = 'admin' | 'instructor' | 'student';

/**
 * Spec section 6: admin status comes from profile.is_admin, instructor and student checks from the
 * profile flags; each role has its own Access Denied text.
 */
const ROLE_RULES: Record<GuardedRole, { allows: (user: User) => boolean; denied: string }> = {
  admin: { allows: (user) => user.profile.is_admin, denied: MESSAGES.adminOnly },
  instructor: { allows: (user) => user.profile.is_instructor, denied: MESSAGES.instructorOnly },
  student: { allows: (user) => user.profile.is_student, denied: MESSAGES.studentOnly },
};

/** Login and a role: anyone else logged in sees Access Denied with that role's text and Go Back. */
export function RequireRole({ roleName, children }: { roleName: GuardedRole; children: ReactNode }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const rule = ROLE_RULES[roleName];
  return <RequireAuth>{user && rule.allows(user) ? children : <AccessDenied message={rule.denied} />}</RequireAuth>;
}

/** /admin: login and the admin role. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return <RequireRole roleName="admin">{children}</RequireRole>;
}
