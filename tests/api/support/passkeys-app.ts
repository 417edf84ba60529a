import { afterAll, beforeAll, expect } from 'vitest';
import { PASSKEY_PATHS } from '../../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';
import { SoftAuthenticator } from './webauthn.ts';

export let ctx: TestContext;
export type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };
export const post = (url: string, body: unknown, token?: string, ip?: string) =>
  ctx.request({ method: 'POST', url, body, token, ip });

export async function registrationOptions(user: TestUser): Promise<Options> {
  const res = await post(PASSKEY_PATHS.registrationOptions, {}, user.access);
  expect(res.status).toBe(200);
  return res.body as Options;
}

/** Registers a new software passkey for `user` through the API (the first one needs no step-up). */
export async function enrol(user: TestUser, name = 'Laptop'): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator();
  const options = await registrationOptions(user);
  const res = await post(PASSKEY_PATHS.registration, { name, response: authenticator.register(options) }, user.access);
  expect(res.status).toBe(201);
  return authenticator;
}

export const auditActions = async (userId: number) =>
  (await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', userId).execute()).map(
    (row) => row.action,
  );

export const passwordLogin = (user: TestUser) =>
  post('/auth/token/', { username: user.username, password: user.password });

/** The passkey files' app, made before a file's tests, closed after. */
export function usePasskeysApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());
}
