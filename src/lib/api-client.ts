import type { z } from 'zod';
import { API, ApiError } from '../../contract/index.ts';
import { refreshAccessToken, setRefreshAccessToken, type RefreshAccessToken } from './api-refresh.ts';
import { tokenStore } from './token-store.ts';
import { announceMfaSetupRequired, askStepUp, secondFactorCode } from './second-factor.ts';
import { MFA_ERROR_CODES } from '../../contract/index.ts';

/**
 * The one API client (docs/architecture.md): JSON, the Bearer token from the one token store, on a 401
 * one refresh shared by every caller (the app-wide token refresh actor) and one retry. Every answer is
 * parsed with a contract schema where it enters the app; every failure is a contract ApiError.
 */

export type Query = Record<string, string | number | boolean | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type RequestOptions = { body?: unknown; query?: Query; headers?: Record<string, string> };

/** Calls that never go through a refresh: a 401 there is the answer itself. */
const NO_REFRESH = new Set<string>([API.token, API.tokenRefresh, API.register, API.logout]);

/** The composition point (src/app) wires the client to the app-wide token refresh actor. */
export function configureApiClient(options: { refreshAccessToken: RefreshAccessToken }): void {
  setRefreshAccessToken(options.refreshAccessToken);
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(method: Method, url: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  // A FormData body (an upload) goes as multipart: the browser writes its Content-Type with the boundary.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const access = tokenStore.getAccess();
  if (access) headers.Authorization = `Bearer ${access}`;
  try {
    const sent = body === undefined ? undefined : form ? body : JSON.stringify(body);
    return await fetch(url, { method, headers, body: sent });
  } catch (error) {
    throw new ApiError(0, null, error instanceof Error ? error.message : 'Network error');
  }
}

function mayRefresh(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return !NO_REFRESH.has(bare) && (tokenStore.getAccess() !== null || tokenStore.getRefresh() !== null);
}

async function request(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
  const url = withQuery(path, options.query);
  let response = await send(method, url, options.body, options.headers);
  if (response.status === 401 && mayRefresh(path)) {
    // The refusal is read first: an answer whose body is never read stays an open request in the browser.
    const refusal = await readBody(response);
    // One refresh for all concurrent 401s (the refresh actor shares it), then one retry.
    try {
      await refreshAccessToken();
    } catch {
      throw new ApiError(401, refusal);
    }
    response = await send(method, url, options.body, options.headers);
  }
  let data = await readBody(response);
  if (response.status === 403 && (await steppedUpAfter(data))) {
    response = await send(method, url, options.body, options.headers);
    data = await readBody(response);
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * A 403's body: a sensitive action without a fresh second-factor proof asks for one (true once it is
 * given: the caller retries once); an administrator without a second factor is sent to set one up.
 */
async function steppedUpAfter(refusal: unknown): Promise<boolean> {
  const code = secondFactorCode(refusal);
  if (code === MFA_ERROR_CODES.stepUpRequired) return askStepUp();
  if (code === MFA_ERROR_CODES.setupRequired) announceMfaSetupRequired();
  return false;
}

function parse<T extends z.ZodTypeAny>(schema: T, data: unknown, path: string): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(0, data, `Unexpected answer from ${path}`);
  return result.data as z.infer<T>;
}

/** A list answer may be a plain array or an object with a results array (spec section 7). */
function listItems(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) {
    return (data as { results: unknown[] }).results;
  }
  return [] as unknown[];
}

/** A multipart form: text fields, and files by field name. */
export type UploadParts = { fields?: Record<string, string>; files?: Record<string, File | null | undefined> };

export type Page<T> = { items: T[]; next: string | null; count?: number; countCapped?: boolean };

export const api = {
  get: async <T extends z.ZodTypeAny>(path: string, schema: T, query?: Query) =>
    parse(schema, await request('GET', path, { query }), path),
  post: async <T extends z.ZodTypeAny>(path: string, body: unknown, schema: T) =>
    parse(schema, await request('POST', path, { body }), path),
  put: async <T extends z.ZodTypeAny>(path: string, body: unknown, schema: T) =>
    parse(schema, await request('PUT', path, { body }), path),
  /** For writes whose answer the app does not read. */
  send: (method: Method, path: string, body?: unknown, headers?: Record<string, string>) =>
    request(method, path, { body, headers }),
  /**
   * The one upload: a multipart form of text `fields` and `files` by field name (a null file is left out),
   * with the same token, refresh and step-up as every call; the answer parsed with `schema`, a refusal
   * (a wrong type, too large) an ApiError with the server's body.
   */
  upload: async <T extends z.ZodTypeAny>(
    path: string,
    parts: UploadParts,
    schema: T,
    method: 'POST' | 'PUT' = 'POST',
  ): Promise<z.infer<T>> => {
    const body = new FormData();
    for (const [name, value] of Object.entries(parts.fields ?? {})) body.append(name, value);
    for (const [name, file] of Object.entries(parts.files ?? {})) if (file) body.append(name, file);
    return parse(schema, await request(method, path, { body }), path);
  },
  delete: async (path: string) => {
    await request('DELETE', path);
  },
  /** A whole list: a plain array or {results}; each item parsed. */
  list: async <T extends z.ZodTypeAny>(path: string, item: T, query?: Query): Promise<z.infer<T>[]> => {
    const data = await request('GET', path, { query });
    if (!Array.isArray(data) && !(data && typeof data === 'object' && 'results' in data)) {
      throw new ApiError(0, data, `Unexpected answer from ${path}`);
    }
    return listItems(data).map((entry) => parse(item, entry, path));
  },
  /**
   * A file the API answers to the signed-in user (an invoice PDF, a GSTR-1 file): fetched with the access
   * token (refreshed once on 401, asked a step-up once on `step_up_required`, as every call), then saved
   * by the browser under `filename`.
   */
  download: async (path: string, filename: string): Promise<void> => {
    let response = await send('GET', path, undefined);
    if (response.status === 401 && mayRefresh(path)) {
      await readBody(response);
      await refreshAccessToken();
      response = await send('GET', path, undefined);
    }
    // A file of personal or tax data (GSTR-1) may need a step-up first, as every sensitive call.
    if (response.status === 403) {
      const refusal = await readBody(response);
      if (!(await steppedUpAfter(refusal))) throw new ApiError(403, refusal);
      response = await send('GET', path, undefined);
    }
    if (!response.ok) throw new ApiError(response.status, await readBody(response));
    const url = URL.createObjectURL(await response.blob());
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = filename;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
  /** One page of a paginated list; `next` (a relative URL) is followed as the user scrolls. */
  page: async <T extends z.ZodTypeAny>(path: string, item: T, query?: Query): Promise<Page<z.infer<T>>> => {
    const data = await request('GET', path, { query });
    const items = listItems(data).map((entry) => parse(item, entry, path));
    if (Array.isArray(data)) return { items, next: null, count: items.length };
    const meta = data as { next?: unknown; count?: unknown; count_capped?: unknown };
    return {
      items,
      next: typeof meta.next === 'string' && meta.next ? relative(meta.next) : null,
      count: typeof meta.count === 'number' ? meta.count : undefined,
      ...(meta.count_capped === true ? { countCapped: true } : {}),
    };
  },
};

/** `next` may come absolute; the client always calls its own origin. */
function relative(next: string): string {
  if (next.startsWith('/')) return next;
  try {
    const url = new URL(next);
    return `${url.pathname}${url.search}`;
  } catch {
    return next;
  }
}
