import type { FastifyReply, FastifyRequest } from 'fastify';

export const BAD_URL_MESSAGE = 'The address is not a valid URL.';

/**
 * Fastify answers a malformed URL (`/%zz`) before routing, so no hook runs: this handler gives it the
 * project's error shape, the security headers (computed once, see plugins/security.ts) and the request id
 * all the same.
 */
export function frameworkErrorsWith(securityHeaders: Record<string, string>) {
  return function frameworkErrors(_error: Error, request: FastifyRequest, reply: FastifyReply): void {
    void reply
      .code(400)
      .headers(securityHeaders)
      .header('x-request-id', request.id)
      .header('cache-control', 'no-store')
      .send({ detail: BAD_URL_MESSAGE });
  };
}
