import type { FastifyInstance } from 'fastify';
import { API } from '../../../../contract/index.ts';

/**
 * POST /api/payments/razorpay/webhook/ — no login: the X-Razorpay-Signature header (HMAC-SHA256 of the
 * raw body with the webhook secret) is the proof. This plugin is encapsulated: its JSON parser keeps the
 * raw bytes, because re-serialising the body would change what was signed.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(API.razorpayWebhook, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return app.deps.gatewayEvents.receive(raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
  });
}
