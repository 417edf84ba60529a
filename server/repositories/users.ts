import { sql } from 'kysely';
import type { Role } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';
import { compiledOnce, slot } from '../db/compiled-once.ts';
import type { UserRow } from '../db/schema.ts';

export type NewUser = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: Role;
};

/** Every authenticated request reads its user: compiled once. */
const userById = compiledOnce<UserRow, { id: number }>((db) =>
  db.selectFrom('users').selectAll().where('id', '=', slot<number>('id')),
);

export function createUserRepository(db: Db) {
  return {
    findById: async (id: number): Promise<UserRow | undefined> => (await userById(db, { id }))[0],
    /** Every administrator's email address (their notices go to all of them). */
    async adminEmails(): Promise<string[]> {
      const rows = await db.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('id').execute();
      return rows.map((r) => r.email).filter(Boolean);
    },
    findByUsername: (username: string) =>
      db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),
    async usernameTaken(username: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
      return row !== undefined;
    },
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
    create: (user: NewUser) =>
      db
        .insertInto('users')
        .values({ ...user, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
