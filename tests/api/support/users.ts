import { createTestApp, type TestContext, type TestUser } from './harness.ts';

/**
 * A fresh app with an administrator (`admin`) and the named students, created in that order (the ids
 * the files' assertions see are the same as when each file made its own).
 */
export async function createAppWithUsers<const N extends string>(
  ...students: N[]
): Promise<{ ctx: TestContext; admin: TestUser; students: Record<N, TestUser> }> {
  const ctx = await createTestApp();
  const admin = await ctx.user('admin', 'admin');
  const made = {} as Record<N, TestUser>;
  for (const name of students) made[name] = await ctx.user(name);
  return { ctx, admin, students: made };
}
