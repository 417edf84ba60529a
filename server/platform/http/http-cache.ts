import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRead, methodsOf, onSendFor, shared } from './shared.ts';
import { etagOf } from '../lib/etag.ts';
import { isPrivateAnswer } from './answers.ts';
import type { CachedAnswer } from '../../domains/catalogue/cache.ts';

/** The content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** JSON and HTML answers smaller than this go out as they are (compressing them saves nothing). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * A one-off answer (written for one request, compressed for that request alone; decision record 105): gzip
 * at level 3 when the request accepts it (every browser does), else brotli at quality 5, compressed inline
 * up to ONE_OFF_INLINE_BYTES (larger ones through zlib's streams). A kept answer is compressed once, at the
 * best: brotli first, quality 11, or gzip level 9.
 */
export const ONE_OFF_ENCODINGS: Array<'br' | 'gzip'> = ['gzip', 'br'];
export const ONE_OFF_GZIP_LEVEL = 3;
export const ONE_OFF_BROTLI_QUALITY = 5;
const ONE_OFF_INLINE_BYTES = 256 * 1024;
const KEPT_ENCODINGS: Array<'br' | 'gzip'> = ['br', 'gzip'];

const REVALIDATED = /^(application\/json|text\/html|application\/xml|text\/plain)/;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2): a compressing proxy may have weakened our tag.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function revalidate(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!isRead(request.method)) return payload;
  // A `no-store` answer is kept by no cache, so no client can ever ask to revalidate it: no tag to hash.
  if (isPrivateAnswer(request)) return payload;
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  if (reply.hasHeader('etag') || reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!REVALIDATED.test(type)) return payload;
  const etag = etagOf(payload);
  reply.header('etag', etag);
  // HTML and API answers may change at any time: always ask, answer 304 when nothing changed.
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-length');
    return '';
  }
  return payload;
}

/**
 * Accept-Encoding negotiated as @fastify/compress does for every other answer: the same negotiator, `*`
 * and x-gzip read as gzip; on a tie, brotli first for a kept answer, gzip first for a one-off.
 */
const GZIP_ALIASES = /\*|x-gzip/g;
const negotiateEncoding = (acceptEncoding: string | undefined, kept: boolean) =>
  acceptEncoding
    ? negotiate(acceptEncoding.toLowerCase().replace(GZIP_ALIASES, 'gzip'), kept ? KEPT_ENCODINGS : ONE_OFF_ENCODINGS)
    : null;

function encode({ bytes, kept }: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
  // A kept answer is compressed once, so the best compression is affordable; a one-off as the hook would.
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: kept ? 11 : ONE_OFF_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes, { level: kept ? 9 : ONE_OFF_GZIP_LEVEL });
}

/**
 * Sends a cached JSON answer (domains/catalogue/cache.ts; or a one-off made with answerOf) as the hooks below would, without their
 * per-request work: its ETag (304 when the client has it), `no-cache`, and, for an answer over the
 * threshold, the compressed form the client accepts, compressed once and kept with the answer. Routes
 * that use it turn @fastify/compress off (`compress: false`).
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  reply.type(JSON_TYPE);
  const compressible = answer.bytes.length >= COMPRESS_THRESHOLD_BYTES;
  if (compressible) reply.header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding'], answer.kept) : null;
  if (!encoding) return reply.send(answer.bytes);
  const encoded = (answer.encoded[encoding] ??= encode(answer, encoding));
  reply.header('content-encoding', encoding);
  return reply.send(encoded);
}

/**
 * Every GET answer in JSON, HTML, XML or text (but those sent by sendCachedAnswer) carries an ETag of its bytes and is answered 304 when the
 * client already has them; then answers over the threshold are compressed (gzip or brotli by the
 * request's Accept-Encoding, `Vary: Accept-Encoding`; the ONE_OFF_ settings above). Built static files are precompressed at build and
 * served by @fastify/static, which this plugin leaves alone.
 */
export default shared(async function httpCache(app) {
  // Registered before compression, so the tag is computed on the identity bytes. Only reads revalidate; a
  // route that turns compression off sends ready answers with their own tag (sendCachedAnswer).
  app.addHook(
    'onRoute',
    onSendFor(
      (route) => methodsOf(route).some(isRead) && route.compress !== false,
      function revalidateAnswer(request, reply, payload, done) {
        done(null, revalidate(request, reply, payload));
      },
    ),
  );
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
    encodings: ONE_OFF_ENCODINGS,
    // Inline, not through zlib's streams and the thread pool, which cost a start about 1 ms more CPU (record 105).
    syncThreshold: ONE_OFF_INLINE_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: ONE_OFF_BROTLI_QUALITY } },
    zlibOptions: { level: ONE_OFF_GZIP_LEVEL },
  });
});
