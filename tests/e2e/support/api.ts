import { API, type TokenPair } from '../../../contract/index.ts';
import { send } from './http.ts';

/** Demo users of demo mode (README.md). */
export const ADMIN = { username: 'admin', password: 'admin123' } as const;
export const STUDENT = { username: 'student', password: 'student123' } as const;

export type ApiAnswer<T = unknown> = { status: number; body: T };

export async function api<T = unknown>(
  baseURL: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await send(baseURL + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: body as T };
}

/** Like api(), but fails with the whole answer unless the status is 2xx. */
export async function apiOk<T = unknown>(
  baseURL: string,
  path: string,
  options: Parameters<typeof api>[2] = {},
): Promise<T> {
  const answer = await api<T>(baseURL, path, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(
      `${options.method ?? (options.body === undefined ? 'GET' : 'POST')} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

/** A list answer may be a plain array or a page {results} (spec section 7). */
export function items<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results))
    return (body as { results: T[] }).results;
  throw new Error(`Not a list answer: ${JSON.stringify(body).slice(0, 300)}`);
}

export async function list<T>(baseURL: string, path: string, token?: string): Promise<T[]> {
  return items<T>(await apiOk(baseURL, path, { token }));
}

/** Follows a paginated admin list ({count, next, previous, results}) to its end. */
export async function allPages<T>(baseURL: string, path: string, token: string): Promise<T[]> {
  const out: T[] = [];
  let url: string | null = path + (path.includes('?') ? '&' : '?') + 'page_size=200';
  while (url) {
    const body: unknown = await apiOk(baseURL, url, { token });
    out.push(...items<T>(body));
    const next: unknown = Array.isArray(body) ? null : (body as { next?: unknown }).next;
    url =
      typeof next === 'string' && next
        ? next.startsWith('http')
          ? new URL(next).pathname + new URL(next).search
          : next
        : null;
  }
  return out;
}

export async function login(baseURL: string, username: string, password: string): Promise<TokenPair> {
  return apiOk<TokenPair>(baseURL, API.token, { body: { username, password } });
}

export async function adminToken(baseURL: string): Promise<string> {
  return (await login(baseURL, ADMIN.username, ADMIN.password)).access;
}

let counter = 0;
/** A unique, valid new student (names chosen so they are easy to find on screen). */
export function newStudentData(tag = 'student') {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: `e2e_${tag}_${unique}`,
    email: `e2e.${tag}.${unique}@example.in`,
    password: 'Str0ng-pass-123',
    first_name: 'Asha',
    last_name: `Verma${unique.replace(/[^a-z]/gi, '').slice(0, 6) || 'E'}`,
  };
}

export type RegisteredStudent = ReturnType<typeof newStudentData> & TokenPair;

/** Registers a new student through POST /auth/register/ (docs/api.md). */
export async function registerStudent(baseURL: string, tag?: string): Promise<RegisteredStudent> {
  const data = newStudentData(tag);
  const tokens = await apiOk<TokenPair>(baseURL, API.register, { body: { ...data, is_adult: true } });
  return { ...data, ...tokens };
}

/** The soonest open batch of a program with a seat left (the payment start needs one), or undefined. */
export async function firstOpenBatch(baseURL: string, programId: number): Promise<number | undefined> {
  const batches = await list<{ id: number; seats_left: number }>(baseURL, `/classroom/programs/${programId}/batches/`);
  return batches.find((b) => b.seats_left > 0)?.id;
}
