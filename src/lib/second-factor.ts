import { MFA_ERROR_CODES } from '../../contract/index.ts';

/**
 * The bridge between the API client and the screen that asks for a second factor. A request the server
 * refuses with `step_up_required` waits for `askStepUp()`: the admin panel's step-up modal (registered
 * with `onStepUpRequired`) resolves true once the person proved their code (the client then retries the
 * request once) or false on Cancel. `mfa_setup_required` tells the listeners (the admin panel sends the
 * administrator to their account page to set one up).
 */
type StepUpHandler = () => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;
const setupListeners = new Set<() => void>();

export function onStepUpRequired(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

export function onMfaSetupRequired(listener: () => void): () => void {
  setupListeners.add(listener);
  return () => setupListeners.delete(listener);
}

/** The `code` of a 403 answer, when it is one of the second factor's. */
export function secondFactorCode(data: unknown): string | null {
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return code === MFA_ERROR_CODES.stepUpRequired || code === MFA_ERROR_CODES.setupRequired ? code : null;
}

/** False when nothing on screen can ask (the request then fails with the server's words). */
export const askStepUp = (): Promise<boolean> => (stepUpHandler ? stepUpHandler() : Promise.resolve(false));

export function announceMfaSetupRequired(): void {
  for (const listener of setupListeners) listener();
}
