import { afterAll, beforeAll } from 'vitest';
import { API } from '../../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;

export const create = (body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: API.admin.users, token, body });
export const login = (username: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: API.token,
    body: { username, password },
    ip: `10.9.${Math.floor(Math.random() * 250)}.1`,
  });
export const account = (username: string, role = 'student', extra: object = {}) => ({
  username,
  email: `${username}@institute.example.in`,
  password: 'a-long-password',
  first_name: username[0]!.toUpperCase() + username.slice(1),
  last_name: 'Iyer',
  role,
  ...extra,
});

/** The app of the user-administration files and its administrator, made before a file's tests, closed after. */
export function useUsersApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('chief', 'admin');
  });
  afterAll(async () => ctx?.close());
}
