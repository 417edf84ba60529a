import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NAME_MESSAGES, TokenPair } from '../../contract/index.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * Sign-up and the counseling form cannot be used to probe for accounts or to make the institute email a
 * stranger an attacker's text (decision record 042).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ config: { mailMaxPerRecipientPerDay: 3, counselingMaxPerAddress: 50 } });
});
afterAll(async () => ctx?.close());

const signUp = (username: string, email: string, ip = '10.1.0.1', first_name = 'Asha') =>
  ctx.request({
    method: 'POST',
    url: API.register,
    ip,
    body: { username, email, password: 'long-enough-1', first_name, last_name: 'Rao', is_adult: true },
  });
const book = (email: string, ip: string, extra: Record<string, string> = {}) =>
  ctx.request({
    method: 'POST',
    url: API.counseling.create,
    ip,
    body: { name: 'Vikram Shah', email, phone: '9812345678', ...extra },
  });
const mailsTo = async (address: string) =>
  (await ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute()).filter((m) =>
    (JSON.parse(m.recipients) as string[]).some((r) => r.toLowerCase() === address),
  );

describe('registration does not tell whether an email has an account', () => {
  it('answers a taken email exactly as a free one (201, tokens, logged in), and tells the address’s owner instead', async () => {
    const owner = await signUp('owner1', 'owner@example.in');
    const prober = await signUp('prober1', 'OWNER@example.in', '10.1.0.2');
    const fresh = await signUp('fresh1', 'fresh@example.in', '10.1.0.3');
    for (const res of [owner, prober, fresh]) {
      expect(res.status).toBe(201);
      expect(Object.keys(TokenPair.parse(res.body)).sort()).toEqual(Object.keys(fresh.body as object).sort());
    }
    const mails = await mailsTo('owner@example.in');
    expect(mails.map((m) => m.template)).toEqual(['welcome', 'registration_attempt']);
    expect(mails[1]!.text_body).toContain('Someone signed up for a new account with this email address');
    expect(mails[1]!.text_body).not.toContain('prober1');
    expect((await mailsTo('fresh@example.in')).map((m) => m.template)).toEqual(['welcome']);
    // The username is still said, as most sites do.
    expect((await signUp('PROBER1', 'x@example.in', '10.1.0.4')).body).toEqual({
      username: ['A user with that username already exists.'],
    });
  });

  it('sets Last login at sign-up (signing up logs in), so a student who has logged in never shows “never”', async () => {
    const res = await signUp('lastlogin1', 'lastlogin@example.in', '10.1.0.5');
    expect(res.status).toBe(201);
    const row = await ctx.db
      .selectFrom('users')
      .select('last_login')
      .where('username', '=', 'lastlogin1')
      .executeTakeFirstOrThrow();
    expect(row.last_login).not.toBeNull();
  });

  it('refuses names that are not names (links, digits) with the contract’s message', async () => {
    const res = await signUp('linky', 'linky@example.in', '10.1.0.6', 'Visit www.prize.example');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ first_name: [NAME_MESSAGES.characters('First name')] });
  });
});

describe('the counseling form', () => {
  it('refuses a name with a link or digits', async () => {
    for (const name of ['http://evil.example', 'Call 9999999999', 'Claim at prize.example']) {
      const res = await book('someone@example.in', '10.2.0.1', { name });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: [NAME_MESSAGES.characters('Name')] });
    }
  });

  it('acknowledges without quoting anything the visitor typed', async () => {
    const res = await book('quoted@example.in', '10.2.0.2', {
      interest: 'Your account is blocked',
      message: 'Pay at evil dot example',
      preferred_date: '2030-01-15',
    });
    expect(res.status).toBe(201);
    const [ack] = await mailsTo('quoted@example.in');
    expect(ack!.template).toBe('counseling_acknowledged');
    for (const typed of ['Vikram', 'Shah', '9812345678', 'blocked', 'evil'])
      expect(ack!.text_body + ack!.html_body + ack!.subject).not.toContain(typed);
    expect(ack!.text_body).toContain('2030-01-15');
  });

  it('sends one recipient at most MAIL_MAX_PER_RECIPIENT_PER_DAY such emails, from any form and any address', async () => {
    const victim = 'victim@example.in';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await book(victim, `10.3.0.${i}`)).status);
    answers.push((await signUp('victimclaim', victim, '10.3.0.9')).status);
    answers.push((await book(victim.toUpperCase(), '10.3.0.8')).status);
    // Every request is answered as usual (nothing to learn from it)...
    expect(answers).toEqual([201, 201, 201, 201, 201]);
    // ...but only three emails went to the address.
    const mails = await ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const toVictim = mails.filter((m) =>
      (JSON.parse(m.recipients) as string[]).some((r) => r.toLowerCase() === victim),
    );
    expect(toVictim).toHaveLength(3);
  });

  it('still limits requests per client address (429)', async () => {
    const strict = await createTestApp({ config: { counselingMaxPerAddress: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await strict.request({
              method: 'POST',
              url: API.counseling.create,
              ip: '10.4.0.1',
              body: { name: 'Anil Kumar', email: `a${'b'.repeat(i)}@example.in`, phone: '9812345678' },
            })
          ).status,
        );
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await strict.close();
    }
  });
});
