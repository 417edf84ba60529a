import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A URL as logged: the value of any `token` query parameter (an old reset link) left out. */
function withoutTokens(url: string): string {
  return url.includes('token=') ? url.replace(/([?&]token=)[^&#]*/g, '$1[removed]') : url;
}

/** Marks an answer logged already (finished, or errored): its 'close' writes nothing more. */
const LOGGED = Symbol('logged');
type Marked = FastifyReply & { [LOGGED]?: true };

/**
 * One line per request, written when its answer has gone out: what Fastify's two lines ("incoming
 * request" and "request completed") said, in one flat JSON object in pino's frame (level, time, pid,
 * hostname, reqId, msg): method, url, status, ms (the response time, to the microsecond), ip and port (the
 * client's), host (the Host header), userId when the request carried a valid login. About half the bytes of
 * the two lines, which wrote the frame and the 36-character request id twice and nested `req`/`res`.
 * `time` is when the answer finished; the request arrived `ms` milliseconds earlier. A request whose client went away before the
 * server finished its answer gets the same line with `"msg":"request aborted"`. The line is built directly as a
 * string: its fields are fixed and none is a secret, so it needs neither pino's serialisers nor its
 * redaction, which cost more than the rest of a small request. Errors and every other line still go
 * through pino (with redaction).
 */
export class RequestLogController extends LogController {
  readonly #write: (line: string) => unknown;
  readonly #prefix = `{"level":30,"time":`;
  readonly #origin = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;

  constructor(write: (line: string) => unknown) {
    super();
    this.#write = write;
  }

  #line(request: FastifyRequest, reply: FastifyReply, msg: string): string {
    const version = request.headers['accept-version'];
    const userId = request.user?.id;
    return `${this.#prefix}${Date.now()}${this.#origin}${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(withoutTokens(request.url))}${
      typeof version === 'string' ? `,"version":${JSON.stringify(version)}` : ''
    },"status":${reply.statusCode},"ms":${Math.round(reply.elapsedTime * 1000) / 1000},"ip":${JSON.stringify(request.ip ?? null)},"port":${request.socket?.remotePort ?? null},"host":${JSON.stringify(request.host ?? null)}${
      userId === undefined ? '' : `,"userId":${userId}`
    },"msg":"${msg}"}\n`;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // Whichever comes first logs the answer, once: its 'close', or Fastify's completion. On a socket the
    // 'close' comes first when an onResponse hook is asynchronous (@fastify/multipart's is, on the upload
    // routes: plugins/uploads.ts), since Node emits it on the next tick after 'finish'; an answer given
    // before routing (a malformed URL) never completes, and one whose client left mid-way closes unfinished.
    // A response closes once: `on` without `once`'s wrapper; a flag on the reply, not a WeakSet (cheaper for
    // the garbage collector).
    reply.raw.on('close', () => {
      if ((reply as Marked)[LOGGED]) return;
      (reply as Marked)[LOGGED] = true;
      this.#write(this.#line(request, reply, reply.raw.writableEnded ? 'request' : 'request aborted'));
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      (reply as Marked)[LOGGED] = true;
      return super.requestCompleted(error, request, reply);
    }
    if ((reply as Marked)[LOGGED]) return;
    (reply as Marked)[LOGGED] = true;
    if (this.isLogDisabled(request)) return;
    this.#write(this.#line(request, reply, 'request'));
  }
}
