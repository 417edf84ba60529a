import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOTIFY_PATHS as P } from '../../../contract/notifications.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import type { createWebhookService } from './webhooks.ts';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The providers' webhooks (no login: the signature is the proof). Encapsulated: the JSON parser keeps
 * the raw bytes, because the signature is over them (as the payment webhook).
 */
export function webhookRoutes(service: ReturnType<typeof createWebhookService>) {
  return async function routes(app: FastifyInstance) {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const raw = (request: FastifyRequest) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'Send the event as application/json.');
      return request.body;
    };
    app.get(P.whatsappWebhook, async (request, reply) =>
      reply.type('text/plain').send(service.verify(request.query as Record<string, string | undefined>)),
    );
    app.post(P.whatsappWebhook, (request) => service.whatsapp(raw(request), header(request, 'x-hub-signature-256')));
    app.post(P.smsWebhook, (request) => service.sms(raw(request), header(request, 'x-sms-signature')));
  };
}
