import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, COUNSELING_STATUSES, istToday } from '../../contract/index.ts';
import * as counselingAtScale from '../../server/platform/db/migrations/021_counseling_at_scale.ts';
import { inTransaction } from '../../server/platform/lib/transaction.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import {
  dayFrom,
  expectCounselingTotalsMatch,
  expectCountsMatchRows,
  insertRequest,
  listOrder,
  query,
  statusAndAssigneeFilters,
  walk,
  type Row,
} from './support/counseling-list.ts';

/**
 * The counseling list's counts come from totals kept by triggers (migration 021): they equal a recount
 * after racing changes of status and assignee over HTTP, creations through the public form, deletions in
 * transactions and the deletion of an assignee's account; the migration backfills what is already there.
 */

let ctx: TestContext;
let admin: TestUser;
let staff: TestUser[];
const at = (minute: number) => new Date(Date.parse('2026-02-01T04:00:00.000Z') + minute * 60_000).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('office', 'admin');
  staff = [await ctx.user('counsellor_a', 'instructor'), await ctx.user('counsellor_b', 'instructor'), admin];
});
afterAll(async () => ctx?.close());

/** A request over HTTP to where the app listens, as the admin panel sends it. */
async function http(method: 'PATCH' | 'GET', path: string, body?: object): Promise<number> {
  const res = await fetch(`${ctx.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('kept counts', () => {
  it('equal a recount after racing changes, creations and deletions', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const row = await insertRequest(ctx.db, {
        created_at: at(i),
        email: `race${i}@example.in`,
        status: COUNSELING_STATUSES[i % 5],
        assignee_id: i % 4 === 0 ? null : staff[i % 3]!.id,
      });
      ids.push(row.id);
    }
    await expectCounselingTotalsMatch(ctx.db);
    const assignees = [null, ...staff.map((s) => s.id)];
    // Several racers per request: the same rows are moved back and forth at once.
    const patches = Array.from({ length: 36 }, (_, i) =>
      http('PATCH', API.admin.counselingRequest(ids[i % 12]!), {
        ...(i % 3 !== 1 ? { status: COUNSELING_STATUSES[(i * 7) % 5] } : {}),
        ...(i % 3 !== 2 ? { assignee: assignees[(i * 5) % 4] } : {}),
      }),
    );
    const creations = Array.from({ length: 8 }, (_, i) =>
      ctx
        .request({
          method: 'POST',
          url: API.counseling.create,
          body: { name: 'Racing Lead', email: `new${i}@example.in`, phone: '9123456780' },
          ip: `10.60.0.${i + 1}`,
        })
        .then((res) => res.status),
    );
    // Deletions (as erasure and retention delete), some of rows being changed at the same time.
    const deletions = [10, 11, 20, 21, 22].map((i) =>
      inTransaction(ctx.db, async (trx) => {
        await trx.deleteFrom('counseling_notes').where('request_id', '=', ids[i]!).execute();
        await trx.deleteFrom('counseling_requests').where('id', '=', ids[i]!).execute();
        return 204;
      }),
    );
    // One transaction moving many rows at once, in another order than the racers.
    const bulk = inTransaction(ctx.db, async (trx) => {
      await trx
        .updateTable('counseling_requests')
        .set({ status: 'closed', assignee_id: staff[0]!.id })
        .where('id', 'in', ids.slice(5, 15).reverse())
        .execute();
      return 200;
    });
    const statuses = await Promise.all([...patches, ...creations, ...deletions, bulk]);
    // A change to a row deleted meanwhile is a 404; everything else went through.
    expect(statuses.every((s) => [200, 201, 204, 404].includes(s))).toBe(true);
    expect(statuses.slice(patches.length, patches.length + creations.length)).toEqual(Array(8).fill(201));
    await expectCounselingTotalsMatch(ctx.db);
    await expectCountsMatchRows(ctx, admin.access, statusAndAssigneeFilters(staff.map((s) => s.id)));
  });

  it('move to nobody when an assignee’s account is deleted', async () => {
    const leaving = await ctx.user('leaving', 'instructor');
    for (let i = 0; i < 4; i++)
      await insertRequest(ctx.db, { created_at: at(100 + i), assignee_id: leaving.id, status: 'contacted' });
    await ctx.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    await expectCounselingTotalsMatch(ctx.db);
    await expectCountsMatchRows(ctx, admin.access, [{ assignee: leaving.id }, { assignee: 'none' }, {}]);
    expect(await http('GET', query({ assignee: leaving.id }))).toBe(200);
  });
});

describe('migration 021', () => {
  it('backfills the kept counts from the requests already there, and goes down and up again', async () => {
    await counselingAtScale.down(ctx.db);
    const today = istToday();
    for (let i = 0; i < 9; i++)
      await insertRequest(ctx.db, {
        created_at: at(200 + i),
        email: `before${i}@example.in`,
        status: COUNSELING_STATUSES[i % 5],
        assignee_id: i % 2 ? staff[1]!.id : null,
        next_follow_up: dayFrom(today, i - 5),
      });
    await counselingAtScale.up(ctx.db);
    await expectCounselingTotalsMatch(ctx.db);
    await expectCountsMatchRows(ctx, admin.access, statusAndAssigneeFilters(staff.map((s) => s.id)));
    const rows = (await ctx.db.selectFrom('counseling_requests').selectAll().execute()) as Row[];
    const { ids } = await walk(ctx, admin.access, query({ page_size: 7 }));
    expect(ids).toEqual(listOrder(rows, today));
    // The triggers run again after the round trip.
    await insertRequest(ctx.db, { created_at: at(300), status: 'scheduled', assignee_id: staff[0]!.id });
    await expectCounselingTotalsMatch(ctx.db);
  });
});
