import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TokenPair } from '../../contract/index.ts';
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
    const requestLines = records.filter((r) => r.msg === 'incoming request' || r.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThanOrEqual(2 * (ids.length - 1));
    for (const record of requestLines) expect(record.reqId).toEqual(expect.any(String));
    // The id in each answer's X-Request-Id is the one on its log lines.
    for (const id of ids) expect(records.some((r) => r.reqId === id)).toBe(true);
    const log = lines.join('\n');
    for (const secret of secrets) expect(log, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/card_number|cvv|"password"|authorization|Bearer/i);
  });
});
