import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Batch, COUPON_PATHS, DELIVERY_PATHS, type Payment } from '../../contract/index.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  ravi = await ctx.user('ravi');
});
afterAll(async () => ctx?.close());

/** Billing details for a checkout (the start of a payment with a coupon carries them). */
const FREE_BILLING = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  state_code: '27',
  address: 'Andheri East, Mumbai',
};

async function newBatch(body: Record<string, unknown>): Promise<Batch> {
  const created = await ctx.request({ method: 'POST', url: DELIVERY_PATHS.adminBatches, token: admin.access, body });
  expect(created.status, created.raw).toBe(201);
  return Batch.parse(created.body);
}

const outbox = (template: string) =>
  ctx.db.selectFrom('outbox').selectAll().where('template', '=', template).orderBy('id').execute();

async function pay(user: TestUser, programId: number, body: Record<string, unknown>) {
  const res = await ctx.request({
    method: 'POST',
    url: `/classroom/programs/${programId}/payment/`,
    token: user.access,
    body: { payment_method: 'credit_card', ...body },
  });
  const payment = res.body as Payment;
  expect((await completeThroughGateway(ctx, user.access, payment.id)).status).toBe(200);
  return payment;
}

describe('the "enrolled into a batch" email', () => {
  it('is written with the completion: the batch dates, mode, place and a working calendar link', async () => {
    const programId = await createProgram(ctx, admin.access);
    const batch = await newBatch({
      course: programId,
      name: 'March evening batch',
      starts_on: '2099-03-01',
      ends_on: '2099-07-31',
      seats: 20,
      mode: 'hybrid',
      location: 'Andheri East, Mumbai',
    });
    expect(await outbox('batch_joined')).toEqual([]);
    await pay(ravi, programId, { batch: batch.id });

    const mails = await outbox('batch_joined');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const student = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', ravi.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.recipients)).toEqual([student.email]);
    expect(mail.subject).toContain('March evening batch');
    expect(mail.text_body).toContain('1 Mar 2099 to 31 Jul 2099, Hybrid');
    expect(mail.text_body).toContain('Where: Andheri East, Mumbai.');
    // The calendar link is the enrollment's feed: it answers the timetable without logging in.
    const link = /(https?:\/\/\S+\/feed\.ics)/.exec(mail.text_body)?.[1];
    expect(link).toBeDefined();
    expect(mail.html_body).toContain(`<a href="${link}">`);
    const feed = await ctx.request({ url: new URL(link!).pathname });
    expect(feed.status).toBe(200);
    expect(String(feed.headers['content-type'])).toContain('text/calendar');
    // The same link as the course page offers.
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('student_id', '=', ravi.id)
      .where('course_id', '=', programId)
      .executeTakeFirstOrThrow();
    // (The page's link follows the address it was opened at, the email's is PUBLIC_URL's: decision 066.)
    const course = await ctx.request({ url: DELIVERY_PATHS.course(enrollment.id), token: ravi.access });
    expect(new URL((course.body as { calendar_url: string }).calendar_url).pathname).toBe(new URL(link!).pathname);
  });

  it('is not written for a program without batches', async () => {
    const before = (await outbox('batch_joined')).length;
    const programId = await createProgram(ctx, admin.access);
    await pay(ravi, programId, {});
    expect(await outbox('batch_joined')).toHaveLength(before);
    expect((await outbox('payment_confirmation')).length).toBeGreaterThan(0);
  });

  it('is written when a coupon makes the program free: the settlement module completes it like a paid one', async () => {
    const programId = await createProgram(ctx, admin.access);
    const batch = await newBatch({
      course: programId,
      name: 'Free June batch',
      starts_on: '2099-06-01',
      ends_on: '2099-09-30',
      seats: 5,
      mode: 'online',
    });
    const coupon = await ctx.request({
      method: 'POST',
      url: COUPON_PATHS.adminList,
      token: admin.access,
      body: {
        code: 'JUNEFREE',
        kind: 'percent',
        value: 100,
        is_active: true,
        courses: [{ course_type: 'program', course: programId }],
      },
    });
    expect(coupon.status, coupon.raw).toBe(201);
    const asha = await ctx.user('asha');
    const before = (await outbox('batch_joined')).length;
    const res = await ctx.request({
      method: 'POST',
      url: `/classroom/programs/${programId}/payment/`,
      token: asha.access,
      body: { payment_method: 'upi', batch: batch.id, coupon: 'JUNEFREE', billing: FREE_BILLING },
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ status: 'completed', gateway: null });
    const mails = await outbox('batch_joined');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toContain('Free June batch');
    // The seat is taken, as a paid student's is.
    const seats = await ctx.request({ url: DELIVERY_PATHS.programBatches(programId) });
    expect((seats.body as { id: number; seats_left: number }[]).find((b) => b.id === batch.id)?.seats_left).toBe(4);
  });
});
