import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shared } from './shared.ts';
import { etagOf } from '../lib/etag.ts';

/** JSON and HTML answers smaller than this go out as they are (compressing them saves nothing). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const REVALIDATED = /^(application\/json|text\/html|application\/xml|text\/plain)/;

/** Tags computed when an answer's bytes were made (cached answers): not hashed again per request. */
const presetTags = new WeakMap<FastifyReply, string>();

/** Declares `etag` the tag of the exact bytes this reply will send (the caller computed it once with etagOf). */
export function presetEtag(reply: FastifyReply, etag: string): void {
  presetTags.set(reply, etag);
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison (RFC 9110 13.1.2): a compressing proxy may have weakened our tag.
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function revalidate(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  if (reply.hasHeader('etag') || reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!REVALIDATED.test(type)) return payload;
  const etag = presetTags.get(reply) ?? etagOf(payload);
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
 * Every GET answer in JSON, HTML, XML or text carries an ETag of its bytes and is answered 304 when the
 * client already has them; then answers over the threshold are compressed (brotli or gzip by the
 * request's Accept-Encoding, `Vary: Accept-Encoding`). Built static files are precompressed at build and
 * served by @fastify/static, which this plugin leaves alone.
 */
export default shared(async function httpCache(app) {
  // Registered before compression, so the tag is computed on the identity bytes.
  app.addHook('onSend', async (request, reply, payload) => revalidate(request, reply, payload));
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    // Per-request brotli at the default quality 11 costs too much CPU; 5 is about gzip's speed.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
});
