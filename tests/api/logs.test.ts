import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ASSESSMENT_PATHS, TokenPair } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * The log of a run through every kind of call: JSON lines, each request line with its request id (the
 * same id the answer carries in X-Request-Id), and never a password, a token or a card field.
 */

const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { logger: true }, logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => ctx?.close());

describe('JSON logs with request ids, without secrets', () => {
  it('a whole session: sign-up, logins, rotation, payment with billing and refused card data, admin, errors', async () => {
    const secrets: string[] = ['very-secret-1', 'password123', 'wrong-password-9', '4111111111111111', 'cvv-9z7'];
    const ids: string[] = [];
    const call = async (...args: Parameters<TestContext['request']>) => {
      const res = await ctx.request(...args);
      ids.push(String(res.headers['x-request-id']));
      return res;
    };
    const admin = await ctx.user('logadmin', 'admin');
    secrets.push(admin.access, admin.refresh);
    const programId = await createProgram(ctx, admin.access);
    const signUp = await call({
      method: 'POST',
      url: API.register,
      body: {
        username: 'logme',
        email: 'logme@example.in',
        is_adult: true,
        password: 'very-secret-1',
        first_name: 'L',
        last_name: 'M',
      },
    });
    const first = TokenPair.parse(signUp.body);
    await call({ method: 'POST', url: API.token, body: { username: 'logme', password: 'wrong-password-9' } });
    const login = TokenPair.parse(
      (await call({ method: 'POST', url: API.token, body: { username: 'logme', password: 'very-secret-1' } })).body,
    );
    const rotated = TokenPair.parse(
      (await call({ method: 'POST', url: API.tokenRefresh, body: { refresh: login.refresh } })).body,
    );
    await call({ method: 'POST', url: API.tokenRefresh, body: { refresh: login.refresh } }); // reuse
    secrets.push(first.access, first.refresh, login.access, login.refresh, rotated.access, rotated.refresh);
    await call({
      method: 'POST',
      url: API.programs.payment(programId),
      token: first.access,
      body: { payment_method: 'credit_card', card_number: '4111111111111111', cvv: 'cvv-9z7' },
    });
    const payment = await call({
      method: 'POST',
      url: API.programs.payment(programId),
      token: first.access,
      body: {
        payment_method: 'upi',
        billing: { first_name: 'L', last_name: 'M', email: 'logme@example.in', phone: '9876543210' },
      },
    });
    await call({
      method: 'POST',
      url: API.payments.complete((payment.body as { id: number }).id),
      token: first.access,
    });
    await call({ url: API.admin.payments, token: admin.access });
    await call({ url: '/classroom/%zz/' });
    await call({ url: '/classroom/nothing/', token: 'garbage.token.value' });
    await call({ method: 'POST', url: API.logout, body: { refresh: first.refresh } });

    expect(lines.length).toBeGreaterThan(10);
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const requestLines = records.filter((r) => r.msg === 'request');
    for (const record of requestLines) expect(record.reqId).toEqual(expect.any(String));
    // One line per request: the id in each answer's X-Request-Id is on exactly one request line.
    for (const id of ids)
      expect(
        requestLines.filter((r) => r.reqId === id),
        id,
      ).toHaveLength(1);
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/card_number|cvv|"password"|authorization|Bearer/i);
  });
});

describe('one line per request', () => {
  type RequestLine = {
    level: number;
    time: number;
    pid: number;
    hostname: string;
    reqId: string;
    method: string;
    url: string;
    status: number;
    ms: number;
    ip: string | null;
    port: number | null;
    host: string | null;
    userId?: number;
    msg: string;
  };
  const lineOf = (id: string) => {
    const found = lines
      .map((line) => JSON.parse(line) as RequestLine)
      .filter((r) => r.reqId === id && r.msg === 'request');
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('carries method, URL, host, client address, status, response time, request id and the user when logged in', async () => {
    const student = await ctx.user('logline', 'student');
    const anonymous = await ctx.request({ url: `${API.programs.list}?level=advanced` });
    const mine = await ctx.request({ url: API.me, token: student.access });
    const refused = await ctx.request({ url: API.admin.payments, token: student.access });

    const first = lineOf(String(anonymous.headers['x-request-id']));
    expect(first).toMatchObject({
      level: 30,
      pid: process.pid,
      method: 'GET',
      url: `${API.programs.list}?level=[removed]`,
      status: 200,
      ip: expect.any(String),
      host: expect.any(String),
      msg: 'request',
    });
    expect(first.ms).toBeGreaterThanOrEqual(0);
    // The frame and the request id once, not twice: well under the 454 bytes of Fastify's two lines.
    const raw = lines.filter((line) => line.includes(first.reqId));
    expect(raw).toHaveLength(1);
    expect(Buffer.byteLength(raw[0]!)).toBeLessThan(300);
    expect(first).not.toHaveProperty('userId');
    expect(lineOf(String(mine.headers['x-request-id']))).toMatchObject({
      method: 'GET',
      url: API.me,
      status: 200,
      userId: student.id,
    });
    expect(lineOf(String(refused.headers['x-request-id']))).toMatchObject({
      status: 403,
      userId: student.id,
    });
    // A route that proves the account in its own statement (decision record 103) names the token's account too.
    const save = await ctx.request({
      method: 'PUT',
      url: ASSESSMENT_PATHS.answer(999_999, 1),
      token: student.access,
      body: { answer: null, seq: 1, marked_for_review: false },
    });
    expect(lineOf(String(save.headers['x-request-id']))).toMatchObject({
      method: 'PUT',
      status: 404,
      userId: student.id,
    });
  });

  it('is one line for an answer over a socket too, though an onResponse hook waits', async () => {
    // Over a socket Node emits the answer's 'close' a tick after its 'finish', before an asynchronous
    // onResponse hook (@fastify/multipart has one) lets Fastify complete the request: both may log it.
    const answers = await Promise.all(
      [API.programs.list, '/api/nowhere/', API.me].map((path) => fetch(`${ctx.url}${path}`)),
    );
    const ids = await Promise.all(
      answers.map(async (answer) => (await answer.arrayBuffer(), String(answer.headers.get('x-request-id')))),
    );
    await expect.poll(() => ids.every((id) => lines.some((line) => line.includes(id)))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ids.map((id) => lines.filter((line) => line.includes(id)).length)).toEqual([1, 1, 1]);
    expect(ids.map((id) => lineOf(id).status)).toEqual([200, 404, 401]);
  });

  it('a client that leaves before its answer is logged too, as aborted', async () => {
    const before = lines.length;
    const { port, hostname } = new URL(ctx.url);
    // A request whose body never finishes arriving: the client closes the connection while it is read.
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          `POST ${API.token} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user`,
        );
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    await expect.poll(() => lines.slice(before).some((line) => line.includes('"msg":"request aborted"'))).toBe(true);
    const aborted = lines
      .slice(before)
      .map((line) => JSON.parse(line) as RequestLine)
      .find((r) => r.msg === 'request aborted')!;
    expect(aborted).toMatchObject({ method: 'POST', url: API.token });
  });
});
