import { z } from 'zod';
import {
  API,
  MFA_PATHS,
  MfaChallenge,
  TokenPair,
  User,
  type LoginInput,
  type MfaLoginInput,
  type RegisterInput,
} from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/** Null when there is no stored token: nobody to ask the server about. */
export async function loadCurrentUser(): Promise<User | null> {
  if (!tokenStore.hasAny()) return null;
  return api.get(API.me, User);
}

/**
 * Stores both tokens, then loads the user (spec section 4); with a second factor on, the server answers
 * a challenge instead, and no tokens: the session machine asks for the code (completeSecondFactor).
 */
export async function login(input: LoginInput): Promise<User | MfaChallenge> {
  const answer = await api.post(
    API.token,
    { username: input.username, password: input.password },
    z.union([MfaChallenge, TokenPair]),
  );
  if ('mfa_required' in answer) return answer;
  tokenStore.setTokens(answer);
  return api.get(API.me, User);
}

/** The login's second step: the mfa_token and a code (or recovery code) for both tokens. */
export async function completeSecondFactor(input: MfaLoginInput): Promise<User> {
  tokenStore.setTokens(await api.post(MFA_PATHS.tokenMfa, input, TokenPair));
  return api.get(API.me, User);
}

export async function register(input: RegisterInput): Promise<User> {
  const tokens = await api.post(API.register, input, TokenPair);
  tokenStore.setTokens(tokens);
  return api.get(API.me, User);
}

/** Revokes the refresh token on the server; the session machine then clears the tokens (clearTokens). */
export async function logout(): Promise<void> {
  const refresh = tokenStore.getRefresh();
  if (refresh) await api.send('POST', API.logout, { refresh });
}

/**
 * Exchanges the stored refresh token for a new pair (the server rotates refresh tokens and retires the
 * one presented). When another tab has rotated it a moment earlier, the store already holds that tab's
 * new pair: this one takes it instead of failing.
 */
export async function refreshTokens(): Promise<TokenPair> {
  const refresh = tokenStore.getRefresh();
  if (!refresh) throw new Error('No refresh token');
  try {
    return await api.post(API.tokenRefresh, { refresh }, TokenPair);
  } catch (error) {
    const access = tokenStore.getAccess();
    const current = tokenStore.getRefresh();
    if (current && access && current !== refresh) return { access, refresh: current };
    throw error;
  }
}

/** "Forgot password?": the server answers the same whether or not an account has the address. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.send('POST', API.passwordReset, { email });
}

/** Sets the new password with the emailed link's token (the server then revokes every refresh token). */
export async function setNewPassword(token: string, password: string): Promise<void> {
  await api.send('POST', API.passwordResetConfirm, { token, password });
}
