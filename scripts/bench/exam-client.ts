import http from 'node:http';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * `npm run bench:exam`'s HTTP client: keep-alive connections to each server instance (node:http, as
 * many as the requests in flight need), each virtual student sent to its home instance, a request that gets
 * no answer (an instance killed, refusing connections) sent again to the next instance, as a proxy's
 * next-upstream would, until an answer comes. Latency is measured per operation, from its first send to its
 * answer (retries included), into a histogram per part. Every request says what Chromium's does in
 * Accept-Encoding (EXAM_ACCEPT_ENCODING; empty: none), so the servers compress as they would for the exam
 * screen, and the client decodes every answer as a browser would (decision record 105).
 */

/** The Accept-Encoding of Debian's Chromium 156 (the e2e tests' browser). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const ACCEPT_ENCODING = process.env.EXAM_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;

/**
 * An answer's bytes as sent (Content-Encoding) made readable, as a browser reads them; an encoding a browser would
 * not know throws. The tests of the server's compression read its answers with it too.
 */
export function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  switch (encoding ?? 'identity') {
    case 'identity':
      return bytes;
    case 'br':
      return brotliDecompressSync(bytes);
    case 'gzip':
      return gunzipSync(bytes);
    case 'deflate':
      return inflateSync(bytes);
    default:
      throw new Error(`an answer in an encoding the client did not ask for: ${encoding}`);
  }
}

/** `retryAfter`: the Retry-After header's seconds, if any. */
export type Answer = { status: number; body: string; retryAfter: number };
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * The agent's own timeout: how long a pooled connection may stay idle. It is what makes Node 20's agent honour
 * the server's `Keep-Alive: timeout=5` answer, closing a connection idle for 4 s, before the server closes it
 * at 5 (decision record 094). Without one the agent reads the hint and drops it (keepSocketAlive takes the
 * smaller of the hint and the agent's timeout, and "none" is 0), keeps the idle connection until the server
 * closes it, and a request sent on it at that moment fails ("socket hang up", ECONNRESET). It must differ
 * from REQUEST_TIMEOUT_MS: a reused connection gets the request's timeout only when the two differ
 * (setRequestSocket), else it keeps the 4 s and a request waiting longer for its answer is cut.
 */
const IDLE_TIMEOUT_MS = 30_000;
/** An operation gives up (an error) when no instance answered it for this long. */
const GIVE_UP_MS = 120_000;

export class Part {
  readonly histogram: RecordableHistogram = createHistogram();
  /** Operations answered with an unexpected status, or never answered. */
  errors = 0;
  /** Operations that needed more than one send (no answer the first time). */
  retried = 0;
  readonly statuses = new Map<number, number>();
  /** Another part an operation is recorded in too, chosen by when it started and ended (or none). */
  split: ((startedAt: number, endedAt: number) => Part | null) | null = null;

  record(ms: number) {
    this.histogram.record(Math.max(1, Math.round(ms * 1000)));
    const now = Date.now();
    this.split?.(now - ms, now)?.record(ms);
  }

  error(status: number) {
    this.errors += 1;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  /** count, p50, p95, p99 and max in milliseconds. */
  summary() {
    const h = this.histogram;
    const at = (p: number) => (h.count ? h.percentile(p) / 1000 : NaN);
    return { count: h.count, p50: at(50), p95: at(95), p99: at(99), max: h.count ? h.max / 1000 : NaN };
  }
}

/**
 * A send that got no answer. `idleMs`: when it went on a kept-alive connection (not a new one), how long
 * that connection had been idle in the pool before it was taken; null on a new connection.
 */
export type NetworkFailure = { at: number; instance: number; message: string; idleMs: number | null };

/** When a pooled connection last became free (the agent's 'free' event). */
const freeSince = new WeakMap<object, number>();

export class Client {
  private readonly agents: http.Agent[];
  readonly failures: NetworkFailure[] = [];

  constructor(private readonly ports: number[]) {
    this.agents = ports.map(() => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_TIMEOUT_MS });
      agent.on('free', (socket: object) => freeSince.set(socket, performance.now()));
      return agent;
    });
  }

  get instances() {
    return this.ports.length;
  }

  private send(instance: number, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      let idleMs: number | null = null;
      const fail = (error: Error) => reject(Object.assign(error, { idleMs }));
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.ports[instance],
          method,
          path,
          agent: this.agents[instance],
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve({
                status: response.statusCode ?? 0,
                body: decoded(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8'),
                retryAfter: Number(response.headers['retry-after'] ?? 0) || 0,
              });
            } catch (error) {
              fail(error as Error);
            }
          });
          response.on('error', fail);
        },
      );
      request.on('socket', (socket) => {
        const since = freeSince.get(socket);
        if (request.reusedSocket && since !== undefined) idleMs = performance.now() - since;
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      request.on('error', fail);
      request.end(payload);
    });
  }

  /**
   * One operation: sent to `home`, and after a send without an answer (or a 502/503/504) to the next
   * instance, again and again (after the answer's Retry-After, or a short pause between rounds) until one
   * answers. Records its latency in `part`; a status other than `expected` (or no answer for GIVE_UP_MS)
   * counts as the part's error and answers null.
   */
  async call(
    part: Part,
    home: number,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; expected?: number[] } = {},
  ): Promise<Answer | null> {
    const started = performance.now();
    const expected = options.expected ?? [200, 201];
    for (let tries = 0; ; tries++) {
      const instance = (home + tries) % this.ports.length;
      let answer: Answer | null = null;
      try {
        answer = await this.send(instance, method, path, options.token, options.body);
      } catch (error) {
        const { message, idleMs } = error as Error & { idleMs?: number | null };
        this.failures.push({ at: Date.now(), instance, message, idleMs: idleMs ?? null });
      }
      if (answer && ![502, 503, 504].includes(answer.status)) {
        part.record(performance.now() - started);
        if (tries > 0) part.retried += 1;
        if (expected.includes(answer.status)) return answer;
        part.error(answer.status);
        if (part.statuses.get(answer.status) === 1) {
          console.error(`  ${method} ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
        }
        return null;
      }
      if (answer) part.error(answer.status);
      if (performance.now() - started > GIVE_UP_MS) {
        part.error(0);
        return null;
      }
      // A busy server's Retry-After is honoured; else, every instance tried once, a short pause.
      if (answer?.retryAfter) await sleep(answer.retryAfter * 1000);
      else if ((tries + 1) % this.ports.length === 0) await sleep(Math.min(1000, 50 * 2 ** Math.floor(tries / 2)));
    }
  }

  close() {
    for (const agent of this.agents) agent.destroy();
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Waits until `at` (Date.now() time). */
export const until = (at: number) => sleep(at - Date.now());

/** `count` GETs of `path(i)` spread evenly over `spreadMs`, each to instance i mod n; answers when all are. */
export async function burst(
  client: Client,
  part: Part,
  count: number,
  spreadMs: number,
  request: (i: number) => { path: string; token?: string } | null,
): Promise<void> {
  const at = Date.now() + 100;
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const r = request(i);
      if (!r) return;
      await until(at + (i * spreadMs) / count);
      await client.call(part, i % client.instances, 'GET', r.path, { token: r.token });
    }),
  );
}

/** `count` virtual clients each GETting `path` every `intervalMs` (each at a phase of its own) for `seconds`. */
export async function paced(
  client: Client,
  part: Part,
  count: number,
  intervalMs: number,
  seconds: number,
  path: string,
) {
  const at = Date.now() + 100;
  const rounds = Math.max(1, Math.floor((seconds * 1000) / intervalMs));
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const phase = Math.random() * intervalMs;
      for (let k = 0; k < rounds; k++) {
        await until(at + phase + k * intervalMs);
        await client.call(part, i % client.instances, 'GET', path);
      }
    }),
  );
}
