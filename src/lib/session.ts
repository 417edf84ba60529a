import { createActorContext } from '@xstate/react';
import type { User } from '../../contract/index.ts';
import { sessionMachine } from '../../machines/session.machine.ts';

/** The session machine, shared by every view through one actor context (style.md). */
export const SessionContext = createActorContext(sessionMachine);

export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated' | 'busy';

export function useSessionUser(): User | null {
  return SessionContext.useSelector((snapshot) => snapshot.context.user ?? null);
}

/** Whether the session is known yet: views wait while the stored token is verified. */
export function useSessionChecking(): boolean {
  return SessionContext.useSelector((snapshot) => snapshot.matches('checking'));
}

export function useIsAuthenticated(): boolean {
  return SessionContext.useSelector((snapshot) => snapshot.matches('authenticated'));
}

export function isAdmin(user: User | null): boolean {
  return Boolean(user?.profile.is_admin);
}

/** Full name, else username, else "User" (spec section 2). */
export function displayName(user: User | null): string {
  if (!user) return 'User';
  const full = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return full || user.username || 'User';
}

/** Where a logged-in user belongs: admins to /admin, everyone else to /dashboard. */
export function homeFor(user: User | null): string {
  return isAdmin(user) ? '/admin' : '/dashboard';
}
