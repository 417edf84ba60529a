import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { API, OFFICE_MESSAGES } from '../../contract/index.ts';
import { openDatabase } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { startServer } from '../../server/server.ts';
import { createOrPromoteAdmin, NO_ADMIN_NOTICE, noActiveAdmin } from '../../server/domains/office/users.ts';
import { startResetMailbox } from './support/reset-mail.ts';
import { createTestApp, JWT_SECRET, TEST_DB } from './support/harness.ts';
import { admin, ctx, useUsersApp } from './support/users-app.ts';

useUsersApp();

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
