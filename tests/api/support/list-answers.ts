import type { KyselyPlugin } from 'kysely';
import { expect } from 'vitest';
import { Enrollment, Payment, paginated } from '../../../contract/index.ts';
import type { Db } from '../../../server/platform/db/connect.ts';
import { admin, ctx } from './admin-app.ts';

/** The IST calendar day of an instant (the admin lists' date filters are IST days). */
export const istDay = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);

/** An admin list page read through the API by the admin of useAdminApp (200, parsed by its schema). */
export async function listAnswer(url: string) {
  const res = await ctx.request({ url, token: admin.access });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paginated(url.includes('enrollments') ? Enrollment : Payment).parse(res.body);
}

/** A handle on `db` of its own (so a students' sample of its own) that counts the statements it runs. */
export function countingStatements(db: Db): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => ((statements += 1), result),
  };
  return { db: db.withPlugin(counting), count: () => statements, reset: () => (statements = 0) };
}
