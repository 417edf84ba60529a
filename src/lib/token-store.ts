import type { TokenPair } from '../../contract/index.ts';

/**
 * The one token store (docs/architecture.md): every call, the admin ones included, reads the access
 * token from here. Keys are the spec's (section 9).
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const tokenStore = {
  getAccess: (): string | null => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  getRefresh: (): string | null => storage()?.getItem(REFRESH_TOKEN_KEY) ?? null,
  setTokens(tokens: TokenPair): void {
    storage()?.setItem(ACCESS_TOKEN_KEY, tokens.access);
    storage()?.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  },
  setAccess(access: string): void {
    storage()?.setItem(ACCESS_TOKEN_KEY, access);
  },
  clear(): void {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
    storage()?.removeItem(REFRESH_TOKEN_KEY);
  },
  hasAny: (): boolean => Boolean(storage()?.getItem(ACCESS_TOKEN_KEY) || storage()?.getItem(REFRESH_TOKEN_KEY)),
};
