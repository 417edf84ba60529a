import { expect } from 'vitest';
import { API, PaymentStart } from '../../../contract/index.ts';
import type { TestContext, TestUser } from './harness.ts';

/**
 * The common ground of the money-path files (gateway-flow, gateway-webhooks, gateway-office): starting a
 * payment as a student, reading what the database holds, and posting the gateway's signed webhooks over
 * HTTP. `app` answers the file's test app (appWithAshaAndRavi).
 */
export function gatewayHelpers(app: () => TestContext) {
  async function start(user: TestUser, type: 'programs' | 'workshops', id: number): Promise<PaymentStart> {
    const res = await app().request({
      method: 'POST',
      url: `/classroom/${type}/${id}/payment/`,
      token: user.access,
      body: {},
    });
    expect([200, 201]).toContain(res.status);
    return PaymentStart.parse(res.body);
  }
  const row = (id: number) =>
    app().db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const enrollmentsOf = (user: TestUser, courseId: number, type: 'program' | 'workshop' = 'program') =>
    app()
      .db.selectFrom('enrollments')
      .selectAll()
      .where('student_id', '=', user.id)
      .where('course_type', '=', type)
      .where('course_id', '=', courseId)
      .execute();
  const seats = async (workshopId: number) =>
    (
      await app()
        .db.selectFrom('workshops')
        .select('current_participants')
        .where('id', '=', workshopId)
        .executeTakeFirstOrThrow()
    ).current_participants;

  function postWebhook(body: string, headers: Record<string, string>) {
    return app().request({
      method: 'POST',
      url: API.razorpayWebhook,
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }
  function deliver(delivery: { eventId: string; body: string; signature: string }) {
    return postWebhook(delivery.body, {
      'x-razorpay-signature': delivery.signature,
      'x-razorpay-event-id': delivery.eventId,
    });
  }

  return { start, row, enrollmentsOf, seats, postWebhook, deliver };
}

/** A gateway payment entity as Razorpay's webhooks carry it. */
export const paymentEntity = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  id: `pay_T${Math.random().toString(36).slice(2, 15)}`,
  entity: 'payment',
  amount: 0,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
  method: 'card',
  captured: true,
  amount_refunded: 0,
  error_code: null,
  error_reason: null,
  error_description: null,
  ...overrides,
});
