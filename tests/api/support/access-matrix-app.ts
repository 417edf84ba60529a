import { afterAll, beforeAll } from 'vitest';
import { API } from '../../../contract/index.ts';
import { completeThroughGateway, createProgram, createWorkshop } from './fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './harness.ts';
import { placementBatch, placementOffer, placementStudents } from './placement-fixtures.ts';

/** The access matrix's app, its callers and the records its rows act on (tests/api/access-matrix.test.ts). */

export let ctx: TestContext;
export const who: Record<string, TestUser | null> = {};
export const ids: Record<string, number> = {};

export type Caller = 'anonymous' | 'student' | 'other' | 'admin' | 'deactivated';
export type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  expect: Record<Exclude<Caller, 'deactivated'>, number>;
};

export const PUBLIC = { anonymous: 200, student: 200, other: 200, admin: 200 };
export const SIGNED_IN = { anonymous: 401, student: 200, other: 200, admin: 200 };
export const ADMIN_READ = { anonymous: 401, student: 403, other: 403, admin: 200 };
export const ADMIN_CREATE = { anonymous: 401, student: 403, other: 403, admin: 201 };
export const ADMIN_DELETE = { anonymous: 401, student: 403, other: 403, admin: 204 };

/** Signed webhooks, one fresh event per call; the headers go with the body made last. */
export let webhookHeaders: Record<string, string> = {};
export function signedWebhook(): string {
  const delivery = ctx.gateway.signedEvent('payment.authorized', {
    payment: {
      entity: { id: 'pay_matrix', order_id: 'order_matrix', amount: 100, currency: 'INR', status: 'authorized' },
    },
  });
  webhookHeaders = {
    'content-type': 'application/json',
    'x-razorpay-signature': delivery.signature,
    'x-razorpay-event-id': delivery.eventId,
  };
  return delivery.body;
}
export let proof: unknown = null;

export const faculty = {
  first_name: 'A',
  last_name: 'B',
  email: 'a@example.in',
  expertise: 'Credit',
  experience_years: 3,
};
export const resolve = {
  status: 'on_hold',
  admin_notes: 'checking',
  failure_reason: '',
  issue_description: '',
  is_urgent: false,
};

/** Callers in this order, so "complete payment" is tried by the others before its owner completes it. */
export const CALLERS: Caller[] = ['anonymous', 'deactivated', 'other', 'admin', 'student'];

/** Makes the app, the callers (one deactivated) and the records before the matrix runs; closes it after. */
export function useAccessMatrixApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
    who.anonymous = null;
    who.student = await ctx.user('owner');
    who.other = await ctx.user('other');
    who.admin = await ctx.user('admin', 'admin');
    // A former administrator: deactivated through the API, still holding tokens.
    who.deactivated = await ctx.user('former', 'admin');
    await ctx.request({
      method: 'PATCH',
      url: API.admin.user(who.deactivated.id),
      token: who.admin.access,
      body: { is_active: false },
    });
    const admin = who.admin.access;
    ids.program = await createProgram(ctx, admin);
    ids.workshop = await createWorkshop(ctx, admin, { max_participants: 100 });
    ids.doomedProgram = await createProgram(ctx, admin);
    ids.doomedWorkshop = await createWorkshop(ctx, admin);
    const make = async (url: string, body: object) =>
      ((await ctx.request({ method: 'POST', url, token: admin, body })).body as { id: number }).id;
    ids.lead = (
      (
        await ctx.request({
          method: 'POST',
          url: API.counseling.create,
          body: { name: 'Lead', email: 'lead@example.in', phone: '9876543210' },
          ip: '10.200.0.1',
        })
      ).body as { id: number }
    ).id;
    ids.faculty = await make(API.faculty.create, faculty);
    ids.doomedFaculty = await make(API.faculty.create, faculty);
    ids.testimonial = await make(API.testimonials.create, { title: 'T' });
    ids.doomedTestimonial = await make(API.testimonials.create, { title: 'T' });
    // A success story tells a verified offer (decision record 079).
    const storyBatch = await placementBatch(ctx.db, await createProgram(ctx, admin), 'Matrix batch', '2025-03-01');
    await placementStudents(ctx.db, storyBatch, [who.other.id], { status: 'completed' });
    const employer = await ctx.db
      .insertInto('employers')
      .values({
        name: 'Matrix Bank',
        name_key: 'matrix bank',
        sector: 'bank',
        website: '',
        hr_contacts: '[]',
        is_partner: 0,
        partner_reason: '',
        created_at: '2025-01-01',
        updated_at: '2025-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.offer = await placementOffer(ctx.db, {
      student: who.other.id,
      batch: storyBatch,
      employer: employer.id,
      ctc: 600_000,
      status: 'verified',
    });
    ids.story = await make(API.successStories.create, { student_name: 'S', offer_id: ids.offer });
    ids.doomedStory = await make(API.successStories.create, { student_name: 'S', offer_id: ids.offer });
    ids.resource = await make(API.resources.create, { title: 'R' });
    ids.doomedResource = await make(API.resources.create, { title: 'R' });
    // The owner's pending payment and an enrollment to resolve.
    const other = await createProgram(ctx, admin);
    const paid = (
      await ctx.request({ method: 'POST', url: API.programs.payment(other), token: who.student.access, body: {} })
    ).body as { id: number };
    const done = (await completeThroughGateway(ctx, who.student.access, paid.id)).body as {
      enrollment: { id: number };
    };
    ids.enrollment = done.enrollment.id;
    ids.paidPayment = paid.id;
    ids.refund = 77;
    await ctx.db
      .transaction()
      .execute((trx) => ctx.app.deps.mail.refundIssued(trx, { paymentId: paid.id, refundId: 77, amountPaise: 1000 }));
    ids.refundable = paid.id;
    // A payment paid at the gateway (no webhook), whose checkout proof only its owner may present.
    const toVerify = await createProgram(ctx, admin);
    ids.verifiable = (
      (await ctx.request({ method: 'POST', url: API.programs.payment(toVerify), token: who.student.access, body: {} }))
        .body as { id: number }
    ).id;
    proof = await ctx.pay(ids.verifiable, { webhooks: false });
    // A flagged event for the office (a capture for an order that is not ours).
    const stranger = ctx.gateway.signedEvent('payment.captured', {
      payment: {
        entity: { id: 'pay_stranger', order_id: 'order_stranger', amount: 100, currency: 'INR', status: 'captured' },
      },
    });
    await ctx.request({
      method: 'POST',
      url: API.razorpayWebhook,
      body: stranger.body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': stranger.signature,
        'x-razorpay-event-id': stranger.eventId,
      },
    });
    ids.flaggedEvent = (
      await ctx.db
        .selectFrom('gateway_events')
        .select('id')
        .where('event_id', '=', stranger.eventId)
        .executeTakeFirstOrThrow()
    ).id;
    const pending = await createProgram(ctx, admin);
    ids.payment = (
      (await ctx.request({ method: 'POST', url: API.programs.payment(pending), token: who.student.access, body: {} }))
        .body as { id: number }
    ).id;
    const doomed = await createProgram(ctx, admin);
    ids.doomedPayment = (
      (await ctx.request({ method: 'POST', url: API.programs.payment(doomed), token: who.other.access, body: {} }))
        .body as { id: number }
    ).id;
    // Paid at the gateway (no webhook): Complete Payment has something to find for its owner.
    await ctx.pay(ids.payment, { webhooks: false });
    const another = await createProgram(ctx, admin);
    ids.resolvablePayment = (
      (await ctx.request({ method: 'POST', url: API.programs.payment(another), token: who.other.access, body: {} }))
        .body as { id: number }
    ).id;
  });
  afterAll(async () => ctx?.close());
}
