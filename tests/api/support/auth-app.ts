import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let student: TestUser;

/** The app of the auth files (login failure limits set low) and the student Asha, made before a file's tests, closed after. */
export function useAuthApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp({ config: { loginMaxFailuresPerAccountAddress: 3, loginMaxFailuresPerAddress: 6 } });
    student = await ctx.user('asha');
  });
  afterAll(async () => ctx?.close());
}
