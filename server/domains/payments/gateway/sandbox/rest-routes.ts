import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WebhookEmitter } from './webhooks.ts';
import { newId, now, type Order, type Refund, type SandboxState } from './state.ts';

/** The sandbox's REST API under /v1: the documented shapes of Razorpay's orders, payments and refunds. */

export const apiError = (reply: FastifyReply, status: number, description: string, field: string | null = null) =>
  reply.code(status).send({
    error: {
      code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  });

export function registerRestRoutes(app: FastifyInstance, state: SandboxState, emit: WebhookEmitter) {
  const { orders, payments, refunds, switches } = state;
  app.post('/v1/orders', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!Number.isInteger(body.amount) || (body.amount as number) < 100) {
      return apiError(reply, 400, 'The amount must be atleast INR 1.00', 'amount');
    }
    if (body.currency !== undefined && body.currency !== 'INR') {
      return apiError(reply, 400, 'Currency is not supported', 'currency');
    }
    if (switches.orderDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.orderDelayMs));
    const order: Order = {
      id: newId('order'),
      entity: 'order',
      amount: body.amount as number,
      amount_paid: 0,
      amount_due: body.amount as number,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: (body.notes as Record<string, string>) ?? {},
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  });
  const notExist = (reply: FastifyReply) => apiError(reply, 400, 'The id provided does not exist', 'id');
  app.get<{ Params: { id: string } }>('/v1/orders/:id', async (request, reply) => {
    const order = orders.get(request.params.id);
    return order ?? notExist(reply);
  });
  app.get<{ Params: { id: string } }>('/v1/orders/:id/payments', async (request, reply) => {
    if (!orders.has(request.params.id)) return notExist(reply);
    const items = [...payments.values()].filter((p) => p.order_id === request.params.id);
    return { entity: 'collection', count: items.length, items };
  });
  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
    return payments.get(request.params.id) ?? notExist(reply);
  });
  app.post<{ Params: { id: string } }>('/v1/payments/:id/capture', async (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment) return notExist(reply);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.amount !== payment.amount) {
      return apiError(reply, 400, 'Capture amount must be equal to the amount authorized', 'amount');
    }
    if (payment.status !== 'authorized' && payment.status !== 'captured') {
      return apiError(reply, 400, 'Only payments which have been authorized and not yet captured can be captured');
    }
    if (payment.status === 'captured') {
      return apiError(reply, 400, 'This payment has already been captured');
    }
    payment.status = 'captured';
    payment.captured = true;
    return payment;
  });
  app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', async (request, reply) => {
    const payment = payments.get(request.params.id);
    if (!payment) return notExist(reply);
    if (!payment.captured) return apiError(reply, 400, 'The payment has not been captured, so it cannot be refunded');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : body.amount;
    if (!Number.isInteger(amount) || (amount as number) < 100) {
      return apiError(reply, 400, 'The refund amount must be atleast INR 1.00', 'amount');
    }
    if ((amount as number) > left) {
      return apiError(reply, 400, 'The refund amount provided is greater than amount captured', 'amount');
    }
    const refund: Refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount: amount as number,
      currency: payment.currency,
      payment_id: payment.id,
      notes: (body.notes as Record<string, string>) ?? {},
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: switches.failRefunds ? 'pending' : 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    refunds.set(refund.id, refund);
    payment.amount_refunded += refund.amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    const answer = { ...refund };
    if (switches.failRefunds) {
      refund.status = 'failed';
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      payment.status = 'captured';
      emit('refund.failed', { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
    } else {
      emit('refund.processed', { refund: { entity: { ...refund } }, payment: { entity: { ...payment } } });
    }
    return answer;
  });
  app.get<{ Params: { id: string } }>('/v1/refunds/:id', async (request, reply) => {
    return refunds.get(request.params.id) ?? notExist(reply);
  });
}
