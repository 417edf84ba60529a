import { expect } from 'vitest';
import type { Db } from '../../../server/platform/db/connect.ts';

const IST_MS = 330 * 60_000;
const istDay = (iso: string) => new Date(new Date(iso).getTime() + IST_MS).toISOString().slice(0, 10);

/**
 * The trigger-kept revenue totals (migrations 010 and 027, with the discounts) must equal a full recount of payments and refunds:
 * a payment completed or refunded counts on its IST completion day, a refund the gateway has not failed
 * counts on the IST day it was asked for, per course, by day, month and in all.
 */
export async function expectRevenueMatchesRecount(db: Db): Promise<void> {
  type Row = { payments: number; gross: number; refunded: number; discount_paise: number };
  const expected = new Map<string, Row>();
  const add = (day: string, course: string, payments: number, gross: number, refunded: number, discount = 0) => {
    for (const key of [`day/${day}/${course}`, `month/${day.slice(0, 7)}/${course}`, `all//${course}`]) {
      const row = expected.get(key) ?? { payments: 0, gross: 0, refunded: 0, discount_paise: 0 };
      expected.set(key, {
        payments: row.payments + payments,
        gross: row.gross + gross,
        refunded: row.refunded + refunded,
        discount_paise: row.discount_paise + discount,
      });
    }
  };
  const payments = await db.selectFrom('payments').selectAll().execute();
  const byId = new Map(payments.map((p) => [p.id, p]));
  for (const p of payments) {
    if ((p.status === 'completed' || p.status === 'refunded') && p.completed_at) {
      add(istDay(p.completed_at), `${p.course_type}:${p.course_id}`, 1, Number(p.amount), 0, Number(p.discount_paise));
    }
  }
  for (const r of await db.selectFrom('refunds').selectAll().execute()) {
    if (r.gateway_refund_id === null || r.status === 'failed') continue;
    const p = byId.get(r.payment_id)!;
    add(istDay(r.created_at), `${p.course_type}:${p.course_id}`, 0, 0, Number(r.amount));
  }
  const actual = new Map<string, Row>();
  for (const r of await db.selectFrom('revenue_totals').selectAll().execute()) {
    const row = {
      payments: Number(r.payments),
      gross: Number(r.gross),
      refunded: Number(r.refunded),
      discount_paise: Number(r.discount_paise),
    };
    if (row.payments || row.gross || row.refunded || row.discount_paise)
      actual.set(`${r.grain}/${r.period}/${r.course_type}:${r.course_id}`, row);
  }
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
}
