import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';
import { startResetMailbox } from './reset-mail.ts';

export let ctx: TestContext;
export let admin: TestUser;
/** The people's mailbox (confirmation links are read from the emails received). */
export let mailbox: Awaited<ReturnType<typeof startResetMailbox>>;

/** The app of the privacy-rights files and its administrator, made before a file's tests, closed after. */
export function usePrivacyRightsApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.user('rightsadmin', 'admin');
    mailbox = await startResetMailbox(ctx);
  });
  afterAll(async () => {
    await mailbox?.close();
    await ctx?.close();
  });
}
