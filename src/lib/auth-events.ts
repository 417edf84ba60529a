/**
 * The token refresh failed: tokens are gone and the browser must go to /login (spec section 4).
 * The refresh machine's actions live outside React; the root route listens and navigates.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionExpired(): void {
  for (const listener of listeners) listener();
}
