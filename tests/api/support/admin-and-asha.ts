import { afterAll, beforeAll, expect } from 'vitest';
import type { TestContext, TestUser } from './harness.ts';
import { createAppWithUsers } from './users.ts';

/**
 * The app several API files share: an administrator and the student Asha, made before the file's tests and
 * closed after them. A file calls useAdminAndAsha() once at its top and reads these bindings in its tests
 * (they are set once the file's beforeAll has run; each test file has its own).
 */
export let ctx: TestContext;
export let admin: TestUser;
export let asha: TestUser;

export function useAdminAndAsha(): void {
  beforeAll(async () => {
    ({
      ctx,
      admin,
      students: { asha },
    } = await createAppWithUsers('asha'));
  });
  afterAll(async () => ctx?.close());
}

/** GET `url` (as `token`'s user, when given): answers 200 with a list. */
export async function list<T>(url: string, token?: string): Promise<T[]> {
  const res = await ctx.request({ url, token });
  expect(res.status).toBe(200);
  return res.body as T[];
}
