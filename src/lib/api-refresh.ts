/**
 * The API client's hook into the app-wide token refresh (src/app/composition/token-refresh.ts). Its own
 * small module so that the page's entry can wire the refresh without loading the API client itself.
 */

/** Resolves once a fresh access token is stored; rejects when the session cannot be refreshed. */
export type RefreshAccessToken = () => Promise<void>;

// Until the app wires it, a refresh fails as the server's 401 would (the error class loads only then).
let hook: RefreshAccessToken = async () => {
  const { ApiError } = await import('../../contract/errors.ts');
  throw new ApiError(401, null);
};

/** The composition point (src/app) sets how the client refreshes the access token. */
export function setRefreshAccessToken(refresh: RefreshAccessToken): void {
  hook = refresh;
}

/** One refresh, shared by every caller that got a 401 (the refresh actor shares the one in flight). */
export const refreshAccessToken: RefreshAccessToken = () => hook();
