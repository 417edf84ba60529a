import type { FastifyError } from 'fastify';
import { SERVER_MESSAGES } from '../../../contract/index.ts';
import { isDatabaseBusy } from '../db/connect.ts';
import { BusinessError, CodedHttpError, HttpError, ServiceUnavailable, ValidationFailed } from '../lib/errors.ts';
import { shared } from './shared.ts';

/** A busy database's answer: 503 with this Retry-After (seconds). */
const BUSY_RETRY_SECONDS = '2';

/** Empty bodies are fine (POST .../complete/ sends none, often with a JSON content type). */
const INVALID_JSON = 'INVALID_JSON';

const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Bad request.',
  404: SERVER_MESSAGES.notFound,
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  413: SERVER_MESSAGES.bodyTooLarge,
  415: 'Unsupported media type.',
};

/** Every error becomes one of the JSON shapes of docs/api.md; nothing internal ever reaches the client. */
export default shared(async function errors(app) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error(SERVER_MESSAGES.invalidJson) as FastifyError;
      error.statusCode = 400;
      (error as { code: string }).code = INVALID_JSON;
      done(error, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ValidationFailed) return reply.code(400).send(error.fields);
    if (error instanceof BusinessError) return reply.code(400).send({ error: error.error });
    if (error instanceof ServiceUnavailable) return reply.code(503).send({ error: error.error });
    if (error instanceof CodedHttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail, code: error.answerCode });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    const status = error.statusCode ?? 500;
    if (error.code === INVALID_JSON || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return reply.code(400).send({ detail: SERVER_MESSAGES.invalidJson });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: CLIENT_ERROR_TEXT[status] ?? CLIENT_ERROR_TEXT[400] });
    }
    // Overload, not a fault: the same request may succeed when sent again in a moment.
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy');
      return reply.code(503).header('retry-after', BUSY_RETRY_SECONDS).send({ detail: SERVER_MESSAGES.databaseBusy });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: SERVER_MESSAGES.serverError });
  });
});
