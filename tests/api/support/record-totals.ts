import { expect } from 'vitest';
import type { Db } from '../../../server/platform/db/connect.ts';

const IST_MS = 330 * 60_000;
const istDay = (iso: string) => new Date(new Date(iso).getTime() + IST_MS).toISOString().slice(0, 10);

/**
 * The admin lists' kept counts must equal a full recount: `record_totals` (migration 020) by IST day,
 * month and in all of each payment's and enrollment's creation, per status, course, urgency and (payments)
 * whether anything was refunded; and each user's `payment_count` and `enrollment_count` (migration 022).
 */
export async function expectRecordTotalsMatchTables(db: Db): Promise<void> {
  const expected = new Map<string, number>();
  const add = (entity: string, at: string, key: string) => {
    const day = istDay(at);
    for (const k of [
      `${entity}/day/${day}/${key}`,
      `${entity}/month/${day.slice(0, 7)}/${key}`,
      `${entity}/all//${key}`,
    ])
      expected.set(k, (expected.get(k) ?? 0) + 1);
  };
  const perStudent = new Map<number, { payments: number; enrollments: number }>();
  const student = (id: number) => perStudent.get(id) ?? perStudent.set(id, { payments: 0, enrollments: 0 }).get(id)!;
  for (const p of await db.selectFrom('payments').selectAll().execute()) {
    const refunded = Number(p.refunded_amount) > 0 ? 1 : 0;
    add('payment', p.created_at, `${p.status}/${p.course_type}/${p.course_id}/${Number(p.is_urgent)}/${refunded}`);
    student(p.student_id).payments += 1;
  }
  for (const e of await db.selectFrom('enrollments').selectAll().execute()) {
    add('enrollment', e.enrolled_at, `${e.status}/${e.course_type}/${e.course_id}/${Number(e.is_urgent)}/0`);
    student(e.student_id).enrollments += 1;
  }
  const actual = new Map<string, number>();
  for (const r of await db.selectFrom('record_totals').selectAll().execute()) {
    const key = `${r.entity}/${r.grain}/${r.period}/${r.status}/${r.course_type}/${r.course_id}/${Number(r.is_urgent)}/${Number(r.refunded)}`;
    if (Number(r.n) !== 0) actual.set(key, Number(r.n));
  }
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));

  const kept = await db.selectFrom('users').select(['id', 'payment_count', 'enrollment_count']).execute();
  expect(
    Object.fromEntries(
      kept.map((u) => [u.id, { payments: Number(u.payment_count), enrollments: Number(u.enrollment_count) }]),
    ),
  ).toEqual(Object.fromEntries(kept.map((u) => [u.id, perStudent.get(u.id) ?? { payments: 0, enrollments: 0 }])));
}
