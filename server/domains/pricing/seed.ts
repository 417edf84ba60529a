import type { Db } from '../../platform/db/connect.ts';

/**
 * The demo's instalment plans (decision record 054): every program offers "Pay in 3", a little more than
 * the full price (5% more, whole rupees), due at checkout, after 30 and after 60 days.
 */
export function payInThree(price: number): { amount: number; due_after_days: number }[] {
  const total = Math.round(price * 1.05);
  const later = Math.floor(total / 3);
  return [
    { amount: total - 2 * later, due_after_days: 0 },
    { amount: later, due_after_days: 30 },
    { amount: later, due_after_days: 60 },
  ];
}

export async function seedInstalmentPlans(trx: Db, programs: { id: number; price: number }[], at: string) {
  for (const program of programs) {
    if (program.price < 3) continue;
    const schedule = payInThree(program.price);
    await trx
      .insertInto('instalment_plans')
      .values({
        program_id: program.id,
        name: 'Pay in 3',
        schedule: JSON.stringify(schedule),
        total: schedule.reduce((sum, s) => sum + s.amount, 0),
        is_active: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

/** The demo's coupon (decision record 053): WELCOME10 takes 10% off any course, once per student. */
export const DEMO_COUPON = 'WELCOME10';

export async function seedDemoCoupon(trx: Db, at: string) {
  await trx
    .insertInto('coupons')
    .values({
      code: DEMO_COUPON,
      code_key: DEMO_COUPON.toLowerCase(),
      kind: 'percent',
      value: 10,
      courses: '[]',
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_student: 1,
      min_amount_paise: null,
      is_active: 1,
      student_id: null,
      reason: '',
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}
