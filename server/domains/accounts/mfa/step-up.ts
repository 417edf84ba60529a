import { STEP_UP_SECONDS } from '../../../../contract/index.ts';
import type { UserRow } from '../../../platform/db/schema.ts';
import { tokenInvalid } from '../../../platform/lib/errors.ts';

/**
 * A step-up proof counts for the login that gave it (decision record 056): until when (ms since the epoch)
 * `login`'s proof counts, 0 when this login has none (another device's proof, or none at all).
 */
export function steppedUpUntil(user: Pick<UserRow, 'step_up_at' | 'step_up_login'>, login: string | null): number {
  if (!user.step_up_at || !login || user.step_up_login !== login) return 0;
  return Date.parse(user.step_up_at) + STEP_UP_SECONDS * 1000;
}

/**
 * The login a proof is recorded for. An access token from before logins were named in tokens has none:
 * 401, so the app refreshes it (the new token names its login) and asks again.
 */
export function loginOf(request: { login: string | null }): string {
  if (!request.login) throw tokenInvalid();
  return request.login;
}
