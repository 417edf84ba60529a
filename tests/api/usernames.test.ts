import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../contract/index.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { createTestApp, freshDatabase, type TestContext } from './support/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.user('student');
});
afterAll(async () => ctx?.close());

const signUp = (username: string, email: string) => ({
  username,
  email,
  is_adult: true,
  password: 'long-enough-1',
  first_name: 'Case',
  last_name: 'Tester',
});

describe('usernames and e-mail addresses regardless of letter case', () => {
  it('STUDENT cannot register beside student, nor an e-mail that differs only in case', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: signUp('STUDENT', 'new@example.in'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ username: [SERVER_MESSAGES.usernameTaken] });
    const ok = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: signUp('Mixed.Case', 'Mixed@Example.in'),
    });
    expect(ok.status).toBe(201);
    const email = await ctx.request({
      method: 'POST',
      url: '/auth/register/',
      body: signUp('other', 'MIXED@example.IN'),
    });
    // A taken e-mail is not told apart from a free one (decision record 042).
    expect(email.status).toBe(201);
  });

  it('logs in whatever the case of the username', async () => {
    for (const username of ['student', 'STUDENT', 'Student', 'mixed.case', 'MIXED.CASE']) {
      const res = await ctx.request({
        method: 'POST',
        url: '/auth/token/',
        body: { username, password: username.toLowerCase() === 'student' ? 'password123' : 'long-enough-1' },
        ip: '10.60.0.1',
      });
      expect(res.status, username).toBe(200);
    }
  });

  it('the database refuses a case-only duplicate even past the API (unique index)', async () => {
    await expect(
      ctx.db
        .insertInto('users')
        .values({
          username: 'StUdEnT',
          email: 'unique-elsewhere@example.in',
          first_name: 'A',
          last_name: 'B',
          password_hash: 'x',
          role: 'student',
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('migration 006 on a database that already has clashes', () => {
  it('stops and names the clashing accounts; after a rename it completes', async () => {
    const handle = await freshDatabase();
    try {
      const db = handle.db;
      await sql`DROP INDEX users_username_lower`.execute(db);
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '006_case_insensitive_usernames' as never)
        .execute();
      const row = (username: string, email: string) => ({
        username,
        email,
        first_name: 'A',
        last_name: 'B',
        password_hash: 'x',
        role: 'student' as const,
        created_at: new Date().toISOString(),
      });
      await db
        .insertInto('users')
        .values([row('asha', 'a1@example.in'), row('ASHA', 'a2@example.in')])
        .execute();
      await expect(migrateToLatest(db)).rejects.toThrow(/username "asha": #\d+ "asha", #\d+ "ASHA"/);
      await db.updateTable('users').set({ username: 'asha2' }).where('username', '=', 'ASHA').execute();
      expect(await migrateToLatest(db)).toEqual(['006_case_insensitive_usernames']);
    } finally {
      await handle.close();
    }
  });
});
