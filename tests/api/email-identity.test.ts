import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  IDENTITY_MESSAGES,
  IDENTITY_PATHS,
  MFA_MESSAGES,
  SERVER_MESSAGES,
  type TokenPair,
  type User,
} from '../../contract/index.ts';
import { EMAIL_LINK_PLACEHOLDERS } from '../../server/platform/lib/reset-links.ts';
import { createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { startResetMailbox } from './support/reset-mail.ts';

// Email identity (decision record 063). Every test here fails on the code before it: no confirmation link, no
// email_verified, an email change with a bare token, no undo.

let ctx: TestContext;
let admin: TestUser;
let mailbox: Awaited<ReturnType<typeof startResetMailbox>>;
beforeAll(async () => {
  ctx = await createTestApp({ config: { loginMaxFailuresPerAccountAddress: 4, publicUrl: 'https://cci.example.in' } });
  admin = await ctx.user('identityadmin', 'admin');
  mailbox = await startResetMailbox(ctx);
});
afterAll(async () => {
  await mailbox?.close();
  await ctx?.close();
});

let serial = 0;
async function register(tag: string) {
  const username = `${tag}${++serial}`;
  const email = `${username}@example.in`;
  const res = await ctx.request({
    method: 'POST',
    url: API.register,
    body: { username, email, password: 'password123', first_name: 'Meera', last_name: 'Das', is_adult: true },
  });
  expect(res.status).toBe(201);
  const tokens = res.body as TokenPair;
  return { username, email, password: 'password123', ...tokens };
}
const me = async (access: string) => (await ctx.request({ url: API.me, token: access })).body as User;
const confirm = (token: string) => ctx.request({ method: 'POST', url: IDENTITY_PATHS.confirmEmail, body: { token } });
const undo = (token: string) => ctx.request({ method: 'POST', url: IDENTITY_PATHS.undoEmailChange, body: { token } });
const change = (access: string, email: string, current_password = 'password123') =>
  ctx.request({ method: 'POST', url: IDENTITY_PATHS.email, token: access, body: { email, current_password } });
const refreshes = async (refresh: string) =>
  (await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh } })).status === 200;

describe('confirming an address', () => {
  it('registration emails a single-use link; until it is opened the account works, unconfirmed', async () => {
    const student = await register('verify');
    expect(await me(student.access)).toMatchObject({ email: student.email, email_verified: false });
    // Checkout and counseling work before the address is confirmed.
    const programId = await createProgram(ctx, admin.access, { title: 'Before confirming', price: 1000 });
    const billing = {
      first_name: 'Meera',
      last_name: 'Das',
      email: student.email,
      phone: '9876543210',
      state_code: '27',
    };
    const start = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: student.access,
      body: { billing },
    });
    expect(start.status).toBe(201);
    const counseling = await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      token: student.access,
      body: { name: 'Meera', email: student.email, phone: '9876543210' },
    });
    expect(counseling.status).toBe(201);

    const token = await mailbox.emailTokenFor(student.email);
    const welcome = mailbox.inbox.messages.find((m) => m.subject?.startsWith('Welcome') && m.text?.includes(token))!;
    expect(welcome.text).toContain(`https://cci.example.in/confirm-email#token=${token}`);
    expect((await confirm(token)).status).toBe(204);
    expect(await me(student.access)).toMatchObject({ email_verified: true });
    // Single use.
    expect((await confirm(token)).body).toEqual({ error: IDENTITY_MESSAGES.confirmLinkInvalid });
    expect((await confirm('made-up')).status).toBe(400);
    expect((await confirm('')).status).toBe(400);
  });

  it('keeps the token out of every stored row and the admin Outbox; refuses a link older than 24 hours', async () => {
    const student = await register('secret');
    const token = await mailbox.emailTokenFor(student.email);
    const everywhere = JSON.stringify([
      await ctx.db.selectFrom('outbox').selectAll().execute(),
      await ctx.db.selectFrom('email_links').selectAll().execute(),
      (await ctx.request({ url: `${API.admin.outbox}?page_size=100`, token: admin.access })).body,
    ]);
    expect(everywhere).not.toContain(token);
    const outbox = (await ctx.request({ url: `${API.admin.outbox}?page_size=100`, token: admin.access })).body as {
      results: { template: string; text_body: string; recipients: string[] }[];
    };
    const shown = outbox.results.find((m) => m.template === 'welcome' && m.recipients.includes(student.email))!;
    expect(shown.text_body).toContain(EMAIL_LINK_PLACEHOLDERS.confirm);
    const link = await ctx.db
      .selectFrom('email_links')
      .select(['expires_at', 'created_at'])
      .where('email', '=', student.email)
      .executeTakeFirstOrThrow();
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeGreaterThan(23.9 * 3_600_000);
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
    await ctx.db
      .updateTable('email_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', student.email)
      .execute();
    expect((await confirm(token)).body).toEqual({ error: IDENTITY_MESSAGES.confirmLinkInvalid });
    expect(await me(student.access)).toMatchObject({ email_verified: false });
  });

  it('sends the link again on request, until the address is confirmed', async () => {
    const student = await register('again');
    const asked = await ctx.request({ method: 'POST', url: IDENTITY_PATHS.emailConfirmation, token: student.access });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ detail: IDENTITY_MESSAGES.confirmationSent });
    expect((await confirm(await mailbox.emailTokenFor(student.email))).status).toBe(204);
    const again = await ctx.request({ method: 'POST', url: IDENTITY_PATHS.emailConfirmation, token: student.access });
    expect(again.body).toEqual({ error: IDENTITY_MESSAGES.alreadyConfirmed });
    expect((await ctx.request({ method: 'POST', url: IDENTITY_PATHS.emailConfirmation })).status).toBe(401);
  });
});

describe('changing the address', () => {
  it('needs the current password and a different address no other account has', async () => {
    const student = await register('needs');
    const other = await register('taken');
    expect((await change(student.access, 'new.address@example.in', 'wrong')).body).toEqual({
      current_password: [MFA_MESSAGES.passwordWrong],
    });
    expect((await change(student.access, student.email.toUpperCase())).body).toEqual({
      email: [IDENTITY_MESSAGES.sameEmail],
    });
    expect((await change(student.access, other.email)).body).toEqual({ email: [SERVER_MESSAGES.emailTaken] });
    expect((await change(student.access, 'not-an-address')).status).toBe(400);
    expect((await ctx.request({ method: 'POST', url: IDENTITY_PATHS.email, body: {} })).status).toBe(401);
    expect(await me(student.access)).toMatchObject({ email: student.email });
  });

  it('signs every device out, leaves the new address unconfirmed, and the old address can undo it within 7 days', async () => {
    const student = await register('mover');
    expect((await confirm(await mailbox.emailTokenFor(student.email))).status).toBe(204);
    const laptop = (
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: { username: student.username, password: 'password123' },
      })
    ).body as TokenPair;

    const res = await change(student.access, 'Mover.New@example.in');
    expect(res.status).toBe(200);
    const fresh = res.body as TokenPair;
    expect(await refreshes(student.refresh)).toBe(false);
    expect(await refreshes(laptop.refresh)).toBe(false);
    expect(await me(fresh.access)).toMatchObject({ email: 'Mover.New@example.in', email_verified: false });

    // The old address is told, with a link that undoes the change; the new one gets its confirmation link.
    const undoToken = await mailbox.emailTokenFor(student.email, 'undo-email-change');
    const notice = mailbox.inbox.messages.find((m) => m.text?.includes(undoToken))!;
    expect(notice.subject).toBe('Your email address was changed');
    const undoLink = await ctx.db
      .selectFrom('email_links')
      .select(['expires_at', 'created_at'])
      .where('purpose', '=', 'undo')
      .where('email', '=', student.email)
      .executeTakeFirstOrThrow();
    expect(Date.parse(undoLink.expires_at) - Date.parse(undoLink.created_at)).toBeGreaterThan(6.99 * 86_400_000);
    const confirmToken = await mailbox.emailTokenFor('mover.new@example.in');
    expect(JSON.stringify(await ctx.db.selectFrom('outbox').selectAll().execute())).not.toContain(undoToken);

    // The owner of the old address undoes it: the old address is back, confirmed as before, every device out.
    const tablet = (
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: { username: student.username, password: 'password123' },
      })
    ).body as TokenPair;
    expect((await undo(undoToken)).status).toBe(204);
    expect(await refreshes(fresh.refresh)).toBe(false);
    expect(await refreshes(tablet.refresh)).toBe(false);
    const after = (
      await ctx.request({
        method: 'POST',
        url: API.token,
        body: { username: student.username, password: 'password123' },
      })
    ).body as TokenPair;
    expect(await me(after.access)).toMatchObject({ email: student.email, email_verified: true });
    // The new address's pending confirmation and the used undo link are void.
    expect((await confirm(confirmToken)).body).toEqual({ error: IDENTITY_MESSAGES.confirmLinkInvalid });
    expect((await undo(undoToken)).body).toEqual({ error: IDENTITY_MESSAGES.undoLinkInvalid });
  });

  it('an undo voids the undo links of later changes (a thief cannot take the address back with them)', async () => {
    const student = await register('chain');
    const tokens = (await change(student.access, 'chain.thief1@example.in')).body as TokenPair;
    const ownersUndo = await mailbox.emailTokenFor(student.email, 'undo-email-change');
    expect((await change(tokens.access, 'chain.thief2@example.in')).status).toBe(200);
    const thiefsUndo = await mailbox.emailTokenFor('chain.thief1@example.in', 'undo-email-change');
    expect((await undo(ownersUndo)).status).toBe(204);
    expect((await undo(thiefsUndo)).body).toEqual({ error: IDENTITY_MESSAGES.undoLinkInvalid });
    const row = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('username', '=', student.username)
      .executeTakeFirst();
    expect(row?.email).toBe(student.email);
    // An undo link expires after 7 days.
    const later = await register('late');
    await change(later.access, 'late.new@example.in');
    const lateUndo = await mailbox.emailTokenFor(later.email, 'undo-email-change');
    await ctx.db
      .updateTable('email_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', later.email)
      .where('purpose', '=', 'undo')
      .execute();
    expect((await undo(lateUndo)).body).toEqual({ error: IDENTITY_MESSAGES.undoLinkInvalid });
  });

  it('a confirmation link for an address the account has left confirms nothing', async () => {
    const student = await register('left');
    const first = await mailbox.emailTokenFor(student.email);
    const tokens = (await change(student.access, 'left.new@example.in')).body as TokenPair;
    expect((await confirm(first)).body).toEqual({ error: IDENTITY_MESSAGES.confirmLinkInvalid });
    expect(await me(tokens.access)).toMatchObject({ email: 'left.new@example.in', email_verified: false });
    expect((await confirm(await mailbox.emailTokenFor('left.new@example.in'))).status).toBe(204);
    expect(await me(tokens.access)).toMatchObject({ email_verified: true });
  });

  it('is limited like a login: a stolen token cannot guess the password through it', async () => {
    const student = await register('guess');
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await change(student.access, `guess${i}@example.in`, `wrong-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await change(student.access, 'guess.right@example.in');
    expect(right.status).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});

describe('reserved usernames', () => {
  it('registration and the admin form refuse the names erasure renames accounts to', async () => {
    const next = `erased-${admin.id + 1000}`;
    const res = await ctx.request({
      method: 'POST',
      url: API.register,
      body: { username: next, email: 'squatter@example.in', password: 'password123', first_name: 'S', last_name: 'Q' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: [IDENTITY_MESSAGES.usernameReserved] });
    const made = await ctx.request({
      method: 'POST',
      url: API.admin.users,
      token: admin.access,
      body: {
        username: 'ERASED-7',
        email: 'squatter2@example.in',
        password: 'password123',
        first_name: 'S',
        last_name: 'Q',
        role: 'student',
      },
    });
    expect(made.status).toBe(400);
    expect(made.body).toMatchObject({ username: [IDENTITY_MESSAGES.usernameReserved] });
  });
});
