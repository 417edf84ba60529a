import { afterAll, beforeAll } from 'vitest';
import type { TestContext, TestUser } from './harness.ts';
import { createAppWithUsers } from './users.ts';

type AshaAndRavi = { ctx: TestContext; admin: TestUser; asha: TestUser; ravi: TestUser };

/**
 * The file's app with an administrator and the students asha and ravi (createAppWithUsers), made before
 * its tests and closed after them. `take` hands them to the file's own variables; the answer gives the app
 * to helpers that are made before it exists.
 */
export function appWithAshaAndRavi(take: (made: AshaAndRavi) => void): () => TestContext {
  let app: TestContext | undefined;
  beforeAll(async () => {
    const { ctx, admin, students } = await createAppWithUsers('asha', 'ravi');
    app = ctx;
    take({ ctx, admin, ...students });
  });
  afterAll(async () => app?.close());
  return () => app!;
}
