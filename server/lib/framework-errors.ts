import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { HELMET_OPTIONS } from '../plugins/security.ts';

const securityHeaders = helmet(HELMET_OPTIONS);
export const BAD_URL_MESSAGE = 'The address is not a valid URL.';

/**
 * Fastify answers a malformed URL (`/%zz`) before routing, so no hook runs: this handler gives it the
 * project's error shape, the security headers and the request id all the same.
 */
export function frameworkErrors(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
  securityHeaders(request.raw, reply.raw, () => {
    void reply
      .code(400)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .send({ detail: BAD_URL_MESSAGE });
  });
}
