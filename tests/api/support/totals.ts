import { expect } from 'vitest';
import type { Db } from '../../../server/platform/db/connect.ts';
import { expectRecordTotalsMatchTables } from './record-totals.ts';

/** The trigger-kept totals must equal what a full scan of the tables says (the admin lists' kept counts too). */
export async function expectTotalsMatchTables(db: Db): Promise<void> {
  const key = (entity: string, status: string, urgent: number) => `${entity}/${status}/${urgent}`;
  const expected = new Map<string, { n: number; amount: number }>();
  const add = (k: string, n: number, amount: number) => expected.set(k, { n, amount });
  for (const r of await db
    .selectFrom('payments')
    .select(['status', 'is_urgent'])
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .groupBy(['status', 'is_urgent'])
    .execute()) {
    add(key('payment', r.status, Number(r.is_urgent)), Number(r.n), Number(r.amount));
  }
  for (const r of await db
    .selectFrom('enrollments')
    .select(['status', 'is_urgent'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['status', 'is_urgent'])
    .execute()) {
    add(key('enrollment', r.status, Number(r.is_urgent)), Number(r.n), 0);
  }
  for (const r of await db
    .selectFrom('users')
    .select('role')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('role')
    .execute()) {
    add(key('user', r.role, 0), Number(r.n), 0);
  }
  const actual = new Map<string, { n: number; amount: number }>();
  for (const r of await db.selectFrom('totals').selectAll().execute()) {
    if (Number(r.n) !== 0)
      actual.set(key(r.entity, r.status, Number(r.is_urgent)), { n: Number(r.n), amount: Number(r.amount) });
  }
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  await expectRecordTotalsMatchTables(db);
}
