import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';

export let ctx: TestContext;
export let admin: TestUser;

/** The app of the privacy-rights files and its administrator, made before a file's tests, closed after. */
export function usePrivacyRightsApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('rightsadmin', 'admin');
  });
  afterAll(async () => ctx?.close());
}
