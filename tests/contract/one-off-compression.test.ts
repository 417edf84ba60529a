import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../../server/domains/catalogue/cache.ts';
import httpCache, { sendCachedAnswer } from '../../server/platform/http/http-cache.ts';
import { decoded } from '../../scripts/bench/exam-client.ts';

/**
 * Decision record 105, on both of the server's compression paths: an answer written for its request (sent
 * through @fastify/compress's hook, or a one-off sent by sendCachedAnswer) goes out as gzip to a browser,
 * while a kept answer, compressed once, goes out as brotli; a client that accepts only brotli gets brotli.
 */
const value = { questions: Array.from({ length: 60 }, (_, i) => ({ id: i, text: `Working-capital assessment ${i}` })) };
const plain = Buffer.from(JSON.stringify(value));
const app = Fastify();

beforeAll(async () => {
  await app.register(httpCache);
  app.get('/hook', async (_request, reply) => reply.type('application/json; charset=utf-8').send(plain.toString()));
  app.get('/one-off', { compress: false }, (request, reply) =>
    sendCachedAnswer(request, reply, answerOf(value, false)),
  );
  app.get('/kept', { compress: false }, (request, reply) => sendCachedAnswer(request, reply, answerOf(value, true)));
  await app.ready();
});
afterAll(() => app.close());

describe('one-off answers are compressed for the request, kept answers at their best', () => {
  it.each([
    ['/hook', 'gzip, deflate, br, zstd', 'gzip'],
    ['/one-off', 'gzip, deflate, br, zstd', 'gzip'],
    ['/kept', 'gzip, deflate, br, zstd', 'br'],
    ['/hook', 'br', 'br'],
    ['/one-off', 'br', 'br'],
    ['/kept', 'gzip', 'gzip'],
  ])('%s asked for "%s" goes out as %s', async (url, accept, encoding) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 2);
    expect(decoded(res.rawPayload, res.headers['content-encoding'] as string | undefined).equals(plain)).toBe(true);
  });
});
