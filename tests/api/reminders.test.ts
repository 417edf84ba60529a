import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_PATHS, type Batch, type Payment } from '../../contract/index.ts';
import { sendSessionReminders } from '../../server/domains/batches/reminders.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let batch: Batch;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function enroll(user: TestUser, programId: number): Promise<number> {
  const payment = (
    await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: user.access,
      body: { batch: batch.id },
    })
  ).body as Payment;
  return ((await completeThroughGateway(ctx, user.access, payment.id)).body as { enrollment: { id: number } })
    .enrollment.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  const program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
  batch = (
    await ctx.request({
      method: 'POST',
      url: DELIVERY_PATHS.adminBatches,
      token: admin.access,
      body: { course: program, name: 'Evening batch', starts_on: day(-5), ends_on: day(90), seats: 10, mode: 'online' },
    })
  ).body as Batch;
  await enroll(await ctx.user('ria'), program);
  await enroll(await ctx.user('sam'), program);
  const gone = await ctx.user('gone');
  const revoked = await enroll(gone, program);
  await ctx.request({
    method: 'POST',
    url: `/api/admin/enrollments/${revoked}/resolve/`,
    token: admin.access,
    body: { status: 'cancelled' },
  });
});
afterAll(async () => ctx?.close());

const reminders = () =>
  ctx.db.selectFrom('outbox').select(['recipients', 'subject']).where('template', '=', 'session_reminder').execute();

describe('session reminders', () => {
  it('reach every active student once per session and offset, even with several processes racing', async () => {
    const now = Date.now();
    const session = async (minutesAhead: number, title: string) =>
      ctx.request({
        method: 'POST',
        url: DELIVERY_PATHS.adminBatchSessions(batch.id),
        token: admin.access,
        body: {
          title,
          starts_at: new Date(now + minutesAhead * 60_000).toISOString().replace('Z', '+00:00'),
          duration_minutes: 90,
        },
      });
    await session(40, 'CMA data'); // due for the 1-hour reminder only
    await session(5 * 60, 'Ratio analysis'); // due for the 24-hour reminder
    await session(30 * 60, 'Rating methodology'); // not yet
    const config = { ...ctx.config, sessionReminderHours: [24, 1] };
    // Four passes at once, as four server processes would run them.
    const written = await Promise.all(Array.from({ length: 4 }, () => sendSessionReminders(ctx.db, config, now)));
    expect(written.reduce((a, b) => a + b, 0)).toBe(4);
    const emails = await reminders();
    expect(emails).toHaveLength(4);
    const recipients = emails.map((e) => (JSON.parse(e.recipients) as string[])[0]!.split('.')[0]).sort();
    // The cancelled student gets none.
    expect(recipients).toEqual(['ria', 'ria', 'sam', 'sam']);
    expect(emails.filter((e) => e.subject.startsWith('Reminder: CMA data'))).toHaveLength(2);
    expect(emails.filter((e) => e.subject.startsWith('Reminder: Ratio analysis'))).toHaveLength(2);
    // A later pass sends nothing again.
    expect(await sendSessionReminders(ctx.db, config, now + 60_000)).toBe(0);
  });
});
