import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { API } from '../../../contract/index.ts';
import { shared } from './shared.ts';

/** An id a reverse proxy may pass on (X-Request-Id), when it is trusted and the id is plain. */
const PLAIN_ID = /^[\w.:-]{1,64}$/;

/** Fastify's genReqId: the trusted proxy's X-Request-Id, else a fresh UUID. */
export function requestIdFor(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
  };
}

/** Answers about a login: the token endpoints and the current user. */
const TOKEN_PATHS = ['/auth/', API.me];

/** An answer no cache may keep (`no-store`): to an authenticated request, or about tokens. */
export const isPrivateAnswer = (request: FastifyRequest): boolean =>
  request.headers.authorization !== undefined || TOKEN_PATHS.some((p) => request.url.startsWith(p));

/**
 * Headers on every answer: X-Request-Id (the id on every log line of the request), and
 * Cache-Control: no-store on every answer to an authenticated request or about tokens, so no browser
 * or proxy cache keeps a token, a profile or an admin list.
 */
export default shared(async function answers(app) {
  app.addHook('onSend', function answerHeaders(request, reply, payload, done) {
    reply.header('x-request-id', request.id);
    if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
