import { describe, expect, it } from 'vitest';
import {
  AdminUser,
  API,
  AuditEntry,
  OFFICE_MESSAGES,
  SERVER_MESSAGES,
  paginated,
  type Paginated,
} from '../../contract/index.ts';
import { createUserService, noActiveAdmin } from '../../server/domains/office/users.ts';
import { createTestApp } from './support/harness.ts';
import { account, admin, create, ctx, login, useUsersApp } from './support/users-app.ts';

useUsersApp();

const Page = paginated(AdminUser);
const list = async (query = '', token = admin.access) => {
  const res = await ctx.request({ url: `${API.admin.users}${query}`, token });
  expect(res.status).toBe(200);
  return Page.parse(res.body) as Paginated<AdminUser>;
};
const patch = (id: number, body: object, token = admin.access) =>
  ctx.request({ method: 'PATCH', url: API.admin.user(id), token, body });

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
