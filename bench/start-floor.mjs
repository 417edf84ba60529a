// The floor of a start, for `npm run bench:exam` (scripts/bench/exam-floor.ts): the least any server must do
// to start an attempt, in plain node:http with node-postgres and nothing else. Per POST: the request read,
// the Bearer token's HS256 signature checked (the project's key, SECRET), one INSERT of the attempt with an
// order of QUESTIONS questions into PostgreSQL's bench_floor_attempts (made by the bench) (DATABASE_URL, a pool of 10 like the project's), and the
// answer: the bytes of BODY_FILE (a start's answer as the project wrote it in the same run), 201, compressed
// for each request as the project compresses a one-off answer: the first of ENCODINGS the request's
// Accept-Encoding allows, gzip at GZIP_LEVEL or brotli at BROTLI_QUALITY, inline (decision record 105).
// No routing, no access check, no earlier attempts read, no order shuffled, no JSON written per request.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import process from 'node:process';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = Buffer.from(process.env.SECRET ?? '', 'utf8');
const body = fs.readFileSync(process.env.BODY_FILE ?? '');
const questions = Number(process.env.QUESTIONS || 100);
// The project's settings for a one-off answer, passed by scripts/bench/exam-floor.ts (no defaults of its own).
const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: Number(process.env.BROTLI_QUALITY) } };
const gzip = { level: Number(process.env.GZIP_LEVEL) };
const preferred = (process.env.ENCODINGS ?? '').split(',');
const order = JSON.stringify(
  Array.from({ length: questions }, (_, i) => ({
    section: i < questions / 2 ? 'Credit appraisal' : 'Banking regulation',
    question: i + 1,
    options: ['a', 'b', 'c', 'd'],
  })),
);

/** The token's user id when its signature is the key's, else null. */
function userOf(header) {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const [head, payload, signature] = token.split('.');
  if (!head || !payload || !signature) return null;
  const expected = createHmac('sha256', key).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return typeof claims.user_id === 'number' ? claims.user_id : null;
}

function answer(response, status, bytes, encoding) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': bytes.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(bytes);
}

/**
 * The body in the encoding negotiated as the project does (server/platform/http/http-cache.ts's negotiateEncoding:
 * the same negotiator, order and gzip aliases; this plain process cannot import TypeScript), compressed inline.
 */
function encoded(acceptEncoding, bytes) {
  const encoding = acceptEncoding
    ? negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), preferred)
    : null;
  if (encoding === 'br') return { out: zlib.brotliCompressSync(bytes, brotli), encoding };
  if (encoding === 'gzip') return { out: zlib.gzipSync(bytes, gzip), encoding };
  return { out: bytes, encoding: null };
}

http
  .createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const user = userOf(request.headers.authorization);
      if (user === null) return answer(response, 401, Buffer.from('{"detail":"no token"}'));
      pool
        .query(
          'INSERT INTO bench_floor_attempts (student_id, started_at, question_order) VALUES ($1, $2, $3) RETURNING id',
          [user, new Date().toISOString(), order],
        )
        .then(
          () => {
            const { out, encoding } = encoded(request.headers['accept-encoding'], body);
            answer(response, 201, out, encoding);
          },
          (error) => answer(response, 500, Buffer.from(JSON.stringify({ detail: String(error) }))),
        );
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
