import { API, AccessToken, TokenPair, User, type LoginInput, type RegisterInput } from '../../../../contract/index.ts';
import { api } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';

/** Null when there is no stored token: nobody to ask the server about. */
export async function loadCurrentUser(): Promise<User | null> {
  if (!tokenStore.hasAny()) return null;
  return api.get(API.me, User);
}

/** Stores both tokens, then loads the user (spec section 4). */
export async function login(input: LoginInput): Promise<User> {
  const tokens = await api.post(API.token, { username: input.username, password: input.password }, TokenPair);
  tokenStore.setTokens(tokens);
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

export async function refreshAccessToken(): Promise<string> {
  const refresh = tokenStore.getRefresh();
  if (!refresh) throw new Error('No refresh token');
  const { access } = await api.post(API.tokenRefresh, { refresh }, AccessToken);
  return access;
}
