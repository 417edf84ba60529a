import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AdminUser,
  API,
  AuditEntry,
  OFFICE_MESSAGES,
  SERVER_MESSAGES,
  paginated,
  type Paginated,
} from '../../contract/index.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { startServer } from '../../server/server.ts';
import {
  createOrPromoteAdmin,
  createUserService,
  NO_ADMIN_NOTICE,
  noActiveAdmin,
} from '../../server/services/users.ts';
import { startResetMailbox } from './support/reset-mail.ts';
import { createTestApp, JWT_SECRET, TEST_DB, type TestContext, type TestUser } from './support/harness.ts';

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('chief', 'admin');
});
afterAll(async () => ctx?.close());

const Page = paginated(AdminUser);
const list = async (query = '', token = admin.access) => {
  const res = await ctx.request({ url: `${API.admin.users}${query}`, token });
  expect(res.status).toBe(200);
  return Page.parse(res.body) as Paginated<AdminUser>;
};
const create = (body: object, token = admin.access) =>
  ctx.request({ method: 'POST', url: API.admin.users, token, body });
const patch = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'PATCH', url: API.admin.user(id), token, body });
const login = (username: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: API.token,
    body: { username, password },
    ip: `10.9.${Math.floor(Math.random() * 250)}.1`,
  });
const account = (username: string, role = 'student', extra: object = {}) => ({
  username,
  email: `${username}@institute.example.in`,
  password: 'a-long-password',
  first_name: username[0]!.toUpperCase() + username.slice(1),
  last_name: 'Iyer',
  role,
  ...extra,
});

describe('creating accounts', () => {
  it('creates a staff account that can log in, with the me shape plus is_active, date_joined and last_login', async () => {
    const res = await create(account('meera', 'instructor'));
    expect(res.status).toBe(201);
    const user = AdminUser.parse(res.body);
    expect(user).toMatchObject({
      username: 'meera',
      email: 'meera@institute.example.in',
      first_name: 'Meera',
      last_name: 'Iyer',
      is_active: true,
      last_login: null,
      profile: { role: 'instructor', is_instructor: true, is_admin: false, is_student: false },
    });
    expect(Date.parse(user.date_joined)).not.toBeNaN();
    const tokens = await login('meera', 'a-long-password');
    expect(tokens.status).toBe(200);
    const me = await ctx.request({ url: API.me, token: (tokens.body as { access: string }).access });
    expect(me.body).toMatchObject({ username: 'meera', profile: { role: 'instructor' } });
    const after = (await list('?search=meera')).results[0]!;
    expect(after.last_login).not.toBeNull();
  });

  it('refuses a taken username or email, a bad role and a short password, field by field', async () => {
    await create(account('kiran'));
    const again = await create(account('kiran'));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ username: [SERVER_MESSAGES.usernameTaken], email: [SERVER_MESSAGES.emailTaken] });
    const bad = await create(account('vikram', 'owner', { password: 'short' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      role: ['Role must be one of: admin, instructor, faculty, student.'],
      password: ['Password must be at least 8 characters.'],
    });
    expect((await list('?search=vikram')).count).toBe(0);
  });
});

describe('listing accounts', () => {
  it('searches username, name and email case-insensitively, filters by role and state, and pages', async () => {
    for (const name of ['zoya', 'zubin', 'zara']) await create(account(name));
    await create(account('zeenat', 'instructor'));
    const z = await list('?search=Z&role=student&page_size=2');
    expect(z.count).toBeGreaterThanOrEqual(3);
    expect(z.results).toHaveLength(2);
    expect(z.next).toContain('page=2');
    expect(z.results.every((u) => u.profile.role === 'student')).toBe(true);
    const byEmail = await list('?search=ZOYA@INSTITUTE');
    expect(byEmail.results.map((u) => u.username)).toEqual(['zoya']);
    const instructors = await list('?role=instructor&search=ze');
    expect(instructors.results.map((u) => u.username)).toEqual(['zeenat']);
    // LIKE wildcards in a search match themselves only.
    expect((await list('?search=%25')).count).toBe(0);
    const bad = await ctx.request({ url: `${API.admin.users}?is_active=maybe&role=x`, token: admin.access });
    expect(bad.status).toBe(400);
  });
});

describe('deactivation', () => {
  it('stops the access and refresh tokens on the next request and refuses login, until reactivated', async () => {
    const created = AdminUser.parse((await create(account('leaver'))).body);
    const tokens = (await login('leaver', 'a-long-password')).body as { access: string; refresh: string };
    expect((await ctx.request({ url: API.me, token: tokens.access })).status).toBe(200);

    const off = await patch(created.id, { is_active: false });
    expect(off.status).toBe(200);
    expect(AdminUser.parse(off.body).is_active).toBe(false);
    const me = await ctx.request({ url: API.me, token: tokens.access });
    expect(me).toMatchObject({ status: 401, body: { detail: SERVER_MESSAGES.tokenInvalid } });
    const refresh = await ctx.request({ method: 'POST', url: API.tokenRefresh, body: { refresh: tokens.refresh } });
    expect(refresh).toMatchObject({ status: 401, body: { detail: SERVER_MESSAGES.refreshInvalid } });
    expect(await login('leaver', 'a-long-password')).toMatchObject({
      status: 401,
      body: { detail: SERVER_MESSAGES.badCredentials },
    });
    // Public pages still answer with a stale token.
    expect((await ctx.request({ url: API.programs.list, token: tokens.access })).status).toBe(200);
    expect((await list('?is_active=false')).results.map((u) => u.username)).toContain('leaver');

    expect((await patch(created.id, { is_active: true })).status).toBe(200);
    expect((await login('leaver', 'a-long-password')).status).toBe(200);
  });

  it('changes role, names and email, and refuses fields it does not manage', async () => {
    const created = AdminUser.parse((await create(account('ananya'))).body);
    const res = await patch(created.id, { role: 'instructor', first_name: 'Ananya R', email: 'ananya.r@example.in' });
    expect(AdminUser.parse(res.body)).toMatchObject({
      first_name: 'Ananya R',
      email: 'ananya.r@example.in',
      profile: { role: 'instructor', is_instructor: true },
    });
    const sneaky = await patch(created.id, { password: 'x', username: 'root' });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body).toEqual({
      non_field_errors: ['Only role, is_active, first_name, last_name and email can be changed.'],
    });
    const taken = await patch(created.id, { email: 'MEERA@institute.example.in' });
    expect(taken).toMatchObject({ status: 400, body: { email: [SERVER_MESSAGES.emailTaken] } });
    expect((await patch(999_999, { role: 'student' })).status).toBe(404);
  });
});

describe('administrator protections', () => {
  it('refuses an administrator deactivating themself or changing their own role', async () => {
    expect(await patch(admin.id, { is_active: false })).toMatchObject({
      status: 400,
      body: { error: OFFICE_MESSAGES.selfChange },
    });
    expect(await patch(admin.id, { role: 'student' })).toMatchObject({
      status: 400,
      body: { error: OFFICE_MESSAGES.selfChange },
    });
    expect((await patch(admin.id, { first_name: 'Chief' })).status).toBe(200);
  });

  it('keeps one active administrator when two demote each other at the same moment', async () => {
    const own = await createTestApp();
    try {
      const a = await own.user('adminA', 'admin');
      const b = await own.user('adminB', 'admin');
      const results = await Promise.all([
        own.request({ method: 'PATCH', url: API.admin.user(b.id), token: a.access, body: { is_active: false } }),
        own.request({ method: 'PATCH', url: API.admin.user(a.id), token: b.access, body: { role: 'student' } }),
      ]);
      // One wins; the other is refused by the last-administrator rule, or at the door if it came after.
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const loser = results.find((r) => r.status !== 200)!;
      expect([
        JSON.stringify({ error: OFFICE_MESSAGES.lastAdmin }),
        JSON.stringify({ detail: SERVER_MESSAGES.tokenInvalid }),
      ]).toContain(JSON.stringify(loser.body));
      const admins = await own.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('is_active', '=', 1)
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('refuses to deactivate or demote the last active administrator, whoever asks', async () => {
    const own = await createTestApp();
    try {
      const solo = await own.user('solo', 'admin');
      const gone = await own.user('gone', 'admin');
      await own.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
      // A deactivated administrator's token no longer works at all.
      const res = await own.request({
        method: 'PATCH',
        url: API.admin.user(solo.id),
        token: gone.access,
        body: { role: 'student' },
      });
      expect(res).toMatchObject({ status: 401, body: { detail: SERVER_MESSAGES.tokenInvalid } });
      // The rule itself, for a request already past the door (as when two administrators race).
      const actor = (await own.db.selectFrom('users').selectAll().where('id', '=', gone.id).executeTakeFirst())!;
      const service = createUserService(own.db);
      await expect(service.update(actor, solo.id, { is_active: false })).rejects.toThrow(OFFICE_MESSAGES.lastAdmin);
      await expect(service.update(actor, solo.id, { role: 'instructor' })).rejects.toThrow(OFFICE_MESSAGES.lastAdmin);
      expect(await noActiveAdmin(own.db)).toBe(false);
    } finally {
      await own.close();
    }
  });
});

describe('audit', () => {
  it('records every change to an account, without its password', async () => {
    const created = AdminUser.parse((await create(account('audited'))).body);
    await patch(created.id, { is_active: false });
    await patch(created.id, { is_active: true, role: 'instructor' });
    const res = await ctx.request({ url: `${API.admin.auditLog}?page_size=200`, token: admin.access });
    const entries = paginated(AuditEntry)
      .parse(res.body)
      .results.filter((e) => e.entity === 'user' && e.entity_id === created.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'deactivate', 'reactivate']);
    expect(entries.every((e) => e.actor?.id === admin.id)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain('password');
    const reactivated = entries.find((e) => e.action === 'reactivate')!;
    expect(reactivated.changes).toEqual({
      is_active: { from: false, to: true },
      role: { from: 'student', to: 'instructor' },
    });
  });
});

describe('the first administrator', () => {
  it('create-admin creates, then promotes an existing account and can set its password', async () => {
    const own = await createTestApp();
    try {
      expect(await noActiveAdmin(own.db)).toBe(true);
      const made = await createOrPromoteAdmin(own.db, {
        username: 'founder',
        email: 'founder@example.in',
        password: 'founder-pass',
        first_name: 'Founding',
        last_name: 'Admin',
      });
      expect(made.outcome).toBe('created');
      expect(await noActiveAdmin(own.db)).toBe(false);
      expect(
        (await own.request({ method: 'POST', url: API.token, body: { username: 'founder', password: 'founder-pass' } }))
          .status,
      ).toBe(200);
      const student = await own.user('promoted');
      const promoted = await createOrPromoteAdmin(own.db, {
        username: 'promoted',
        email: 'ignored@example.in',
        password: 'new-password-1',
        first_name: '',
        last_name: '',
      });
      expect(promoted).toMatchObject({ outcome: 'promoted', user: { id: student.id, profile: { role: 'admin' } } });
      expect(
        (
          await own.request({
            method: 'POST',
            url: API.token,
            body: { username: 'promoted', password: 'new-password-1' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await own.close();
    }
  });

  it.runIf(TEST_DB === 'sqlite')(
    'npm run create-admin with flags makes an administrator who logs in to the app on that database',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-admin-'));
      const url = `sqlite:${path.join(dir, 'app.sqlite')}`;
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/create-admin.ts',
          '--username',
          'office',
          '--email',
          'office@example.in',
          '--first-name',
          'Office',
          '--last-name',
          'Head',
        ],
        {
          env: { ...process.env, DATABASE_URL: url, ADMIN_PASSWORD: 'office-pass-1' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('Administrator "office" created.');
      const handle = openDatabase(url);
      const own = await createTestApp({ handle });
      try {
        const res = await own.request({
          method: 'POST',
          url: API.token,
          body: { username: 'office', password: 'office-pass-1' },
        });
        expect(res.status).toBe(200);
        const me = await own.request({ url: API.me, token: (res.body as { access: string }).access });
        expect(me.body).toMatchObject({ username: 'office', profile: { is_admin: true } });
      } finally {
        await own.close();
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(TEST_DB === 'sqlite')(
    'a production start on a database without an administrator says how to make one',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-start-'));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const env = {
        NODE_ENV: 'production',
        JWT_SECRET,
        DATABASE_URL: `sqlite:${path.join(dir, 'app.sqlite')}`,
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        LOG_REQUESTS: 'false',
        STATIC_DIR: dir,
      };
      try {
        const first = await startServer(env);
        await first.app.close();
        expect(warn.mock.calls.map((c) => c[0])).toContain(NO_ADMIN_NOTICE);
        const handle = openDatabase(env.DATABASE_URL);
        await migrateToLatest(handle.db);
        await createOrPromoteAdmin(handle.db, {
          username: 'office',
          email: 'o@example.in',
          password: 'office-pass-1',
          first_name: 'O',
          last_name: 'A',
        });
        await handle.close();
        warn.mockClear();
        const second = await startServer(env);
        await second.app.close();
        expect(warn.mock.calls.map((c) => c[0])).not.toContain(NO_ADMIN_NOTICE);
      } finally {
        warn.mockRestore();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('POST /api/admin/users/{id}/password-reset/', () => {
  it('emails the owner a working reset link, audited; anonymous 401, students 403, unknown 404, deactivated 400', async () => {
    const owner = await ctx.user('forgetful');
    const other = await ctx.user('nosy');
    const url = API.admin.userPasswordReset(owner.id);
    expect((await ctx.request({ method: 'POST', url })).status).toBe(401);
    expect((await ctx.request({ method: 'POST', url, token: owner.access })).status).toBe(403);
    expect((await ctx.request({ method: 'POST', url, token: other.access })).status).toBe(403);
    expect(
      (await ctx.request({ method: 'POST', url: API.admin.userPasswordReset(999_999), token: admin.access })).status,
    ).toBe(404);

    const sent = await ctx.request({ method: 'POST', url, token: admin.access });
    expect(sent.status).toBe(202);
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()
    ).email;
    expect(sent.body).toEqual({ detail: expect.stringContaining(email) });
    const mails = await ctx.db.selectFrom('outbox').selectAll().where('template', '=', 'password_reset').execute();
    const mine = mails.filter((m) => (JSON.parse(m.recipients) as string[]).includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).not.toContain('#token=');
    // The owner's copy, received over SMTP, holds the link (the outbox never does).
    const mailbox = await startResetMailbox(ctx);
    const token = await mailbox.tokenFor(email).finally(() => mailbox.close());
    // The link works once: the owner sets a new password with it and logs in.
    const confirmed = await ctx.request({
      method: 'POST',
      url: API.passwordResetConfirm,
      body: { token, password: 'a-new-password-9' },
    });
    expect(confirmed.status).toBe(204);
    const login = await ctx.request({
      method: 'POST',
      url: API.token,
      body: { username: 'forgetful', password: 'a-new-password-9' },
    });
    expect(login.status).toBe(200);

    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', owner.id)
      .where('action', '=', 'password_reset')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);

    await ctx.request({
      method: 'PATCH',
      url: API.admin.user(owner.id),
      token: admin.access,
      body: { is_active: false },
    });
    const refused = await ctx.request({ method: 'POST', url, token: admin.access });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: OFFICE_MESSAGES.resetInactive });
  });
});
