import os from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** What a logged URL shows in place of a query value or a path secret. */
const REMOVED = '[removed]';

/**
 * A path segment that looks like a secret rather than a name: 20 characters or more of a token's alphabet
 * with upper- and lower-case letters and a digit (base64url), or 32 hex digits or more. Slugs and numeric
 * ids stay readable.
 */
const isTokenLike = (segment: string) =>
  /^[0-9a-f]{32,}$/i.test(segment) ||
  (/^[A-Za-z0-9_~%-]{20,}$/.test(segment) && /[a-z]/.test(segment) && /[A-Z]/.test(segment) && /\d/.test(segment));

/**
 * A URL as logged (decision record 065): the route's pattern (`/classroom/calendar/:token/feed.ics`, not
 * the token; `/api/admin/users/:id/`), else (a page, a file, a 404) the path with token-like segments
 * removed; query parameters by name only (an admin's search term, an old link's token are not kept).
 */
export function loggedUrl(rawUrl: string, pattern: string | undefined): string {
  const at = rawUrl.indexOf('?');
  const path = at === -1 ? rawUrl : rawUrl.slice(0, at);
  const shown =
    pattern && !pattern.includes('*')
      ? pattern
      : path
          .split('/')
          .map((segment) => (isTokenLike(segment) ? REMOVED : segment))
          .join('/');
  if (at === -1) return shown;
  const names = rawUrl
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REMOVED}`);
  return `${shown}?${names.join('&')}`;
}

/** Marks an answer logged already (finished, or errored): its 'close' writes nothing more. */
const LOGGED = Symbol('logged');
type Marked = FastifyReply & { [LOGGED]?: true };

/**
 * One line per request, written when its answer has gone out: what Fastify's two lines ("incoming
 * request" and "request completed") said, in one flat JSON object in pino's frame (level, time, pid,
 * hostname, reqId, msg): method, url (loggedUrl: the route's pattern, query values removed), status, ms (the response time, to the microsecond), ip and port (the
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
    const userId = request.user?.id ?? request.claim?.id;
    return `${this.#prefix}${Date.now()}${this.#origin}${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggedUrl(request.url, request.routeOptions?.url))}${
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
