import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A URL as logged: the value of any `token` query parameter (an old reset link) left out. */
function withoutTokens(url: string): string {
  return url.includes('token=') ? url.replace(/([?&]token=)[^&#]*/g, '$1[removed]') : url;
}

/**
 * Fastify's two request lines ("incoming request", "request completed"), written as the same JSON pino
 * writes (level, time, pid, hostname, reqId, req or res, msg) but built directly as a string: the fields
 * are fixed and none is a secret (method, URL, host, client address, status, time), so they need neither
 * pino's serialisers nor its redaction, which cost more than the rest of a small request. Errors and
 * every other log line still go through pino (with redaction).
 */
export class RequestLogController extends LogController {
  readonly #write: (line: string) => unknown;
  readonly #prefix = `{"level":30,"time":`;
  readonly #origin = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;

  constructor(write: (line: string) => unknown) {
    super();
    this.#write = write;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    const version = request.headers['accept-version'];
    this.#write(
      `${this.#prefix}${Date.now()}${this.#origin}${JSON.stringify(request.id)},"req":{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(withoutTokens(request.url))}${
        typeof version === 'string' ? `,"version":${JSON.stringify(version)}` : ''
      },"host":${JSON.stringify(request.host)},"remoteAddress":${JSON.stringify(request.ip)},"remotePort":${request.socket?.remotePort ?? null}},"msg":"incoming request"}\n`,
    );
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    this.#write(
      `${this.#prefix}${Date.now()}${this.#origin}${JSON.stringify(request.id)},"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    );
  }
}
