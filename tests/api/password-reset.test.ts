import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { RESET_LINK_INVALID, RESET_REQUESTED } from '../../server/domains/accounts/routes/auth.ts';
import { OutboxEmail, type Paginated } from '../../contract/index.ts';
import { RESET_LINK_PLACEHOLDER } from '../../server/platform/lib/reset-links.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { startResetMailbox } from './support/reset-mail.ts';

let ctx: TestContext;
let asha: TestUser;
let ashaEmail: string;
let mailbox: Awaited<ReturnType<typeof startResetMailbox>>;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({
    config: { resetMaxPerAccount: 3, resetMaxPerAddress: 6, publicUrl: 'https://cci.example.in', logger: true },
    logStream: { write: (line) => void logLines.push(line) },
  });
  mailbox = await startResetMailbox(ctx);
  asha = await ctx.user('asha');
  ashaEmail = (await ctx.db.selectFrom('users').select('email').where('id', '=', asha.id).executeTakeFirstOrThrow())
    .email;
});
afterAll(async () => {
  await mailbox?.close();
  await ctx?.close();
});

const ask = (email: string, ip = '10.0.0.1') =>
  ctx.request({ method: 'POST', url: API.passwordReset, body: { email }, ip });
const confirm = (token: string, password: string) =>
  ctx.request({ method: 'POST', url: API.passwordResetConfirm, body: { token, password } });
/** The token of the newest reset email to an address, as the owner receives it over SMTP. */
const linkFor = (email: string) => mailbox.tokenFor(email);

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and emails only the account’s owner', async () => {
    const known = await ask(ashaEmail.toUpperCase());
    const unknown = await ask('nobody@example.in');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ detail: RESET_REQUESTED });
    expect(unknown.body).toEqual(known.body);
    const resets = await ctx.db.selectFrom('outbox').selectAll().where('template', '=', 'password_reset').execute();
    expect(resets.map((r) => JSON.parse(r.recipients))).toEqual([[ashaEmail]]);
    const token = await linkFor(ashaEmail);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await ctx.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
    expect(resets[0]!.text_body).toContain(RESET_LINK_PLACEHOLDER);
  });

  it('keeps the live token out of the outbox table, the admin Outbox, the reset table and the request log; the email received has it', async () => {
    const admin = await ctx.user('resetadmin', 'admin');
    await ask(ashaEmail);
    const link = await mailbox.linkFor(ashaEmail);
    const token = new URL(link).hash.replace('#token=', '');
    expect(link).toBe(`https://cci.example.in/reset-password#token=${token}`);
    const received = mailbox.inbox.messages.at(-1)!;
    expect(received.html).toContain(`href="${link}"`);
    // The owner opens the page (the fragment stays in the browser, the request carries no token).
    await ctx.request({ method: 'GET', url: '/reset-password' });

    const everywhere = JSON.stringify([
      await ctx.db.selectFrom('outbox').selectAll().execute(),
      await ctx.db.selectFrom('password_resets').selectAll().execute(),
      await ctx.db.selectFrom('settings').selectAll().execute(),
      (await ctx.request({ method: 'GET', url: `${API.admin.outbox}?page_size=100`, token: admin.access })).body,
      logLines,
    ]);
    expect(everywhere).not.toContain(token);
    const outbox = (await ctx.request({ method: 'GET', url: API.admin.outbox, token: admin.access }))
      .body as Paginated<OutboxEmail>;
    const shown = outbox.results.find((m) => m.template === 'password_reset')!;
    expect(shown.text_body).toContain(RESET_LINK_PLACEHOLDER);
    expect(shown.attachments).toEqual([]);
    // ...and the link as received works.
    expect((await confirm(token, 'Fresh-password-7')).status).toBe(204);
    expect(JSON.stringify(logLines)).not.toContain(token);
  });

  it('sends the same link on every attempt and from any worker (it derives from the stored nonce and the secret)', async () => {
    await ask(ashaEmail);
    const first = await mailbox.linkFor(ashaEmail);
    await ctx.db
      .updateTable('outbox')
      .set({ status: 'pending', sent_at: null })
      .where('template', '=', 'password_reset')
      .execute();
    const again = await mailbox.linkFor(ashaEmail);
    expect(again).toBe(first);
  });

  it('never logs a token that arrives in a query string (an old link)', async () => {
    logLines.length = 0;
    await ctx.request({ method: 'GET', url: '/reset-password?token=old-link-secret-123' });
    expect(logLines.join('')).toContain('/reset-password?token=[removed]');
    expect(logLines.join('')).not.toContain('old-link-secret-123');
  });

  it('sets a new password once with the sign-up rules, revoking every refresh token', async () => {
    await ask(ashaEmail);
    const token = await linkFor(ashaEmail);
    const short = await confirm(token, 'short');
    expect(short.status).toBe(400);
    expect(short.raw).toContain('Password must be at least 8 characters.');
    expect((await confirm(token, 'N3w-password!')).status).toBe(204);
    expect((await confirm(token, 'Another-pass1')).body).toEqual({ error: RESET_LINK_INVALID });
    const refreshed = await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: asha.refresh } });
    expect(refreshed.status).toBe(401);
    const login = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'asha', password: 'N3w-password!' },
    });
    expect(login.status).toBe(200);
    expect((await confirm('made-up-token', 'N3w-password!')).status).toBe(400);
  });

  it('refuses a link older than 30 minutes', async () => {
    await ask(ashaEmail);
    const token = await linkFor(ashaEmail);
    await ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    expect((await confirm(token, 'Late-password1')).body).toEqual({ error: RESET_LINK_INVALID });
  });

  it('limits requests per account (silently) and per address (429)', async () => {
    const ravi = await ctx.user('ravi');
    const raviEmail = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', ravi.id).executeTakeFirstOrThrow()
    ).email;
    for (let i = 0; i < 5; i++) expect((await ask(raviEmail, `10.0.1.${i}`)).status).toBe(202);
    const sent = await ctx.db.selectFrom('password_resets').select('id').where('user_id', '=', ravi.id).execute();
    expect(sent).toHaveLength(3);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask(`someone${i}@example.in`, '10.0.2.9')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });
});
