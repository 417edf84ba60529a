import { sql } from 'kysely';
import type { Role } from '../../contract/index.ts';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../lib/time.ts';

export type NewUser = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: Role;
};

export function createUserRepository(db: Db) {
  return {
    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Usernames compare regardless of case (unique index users_username_lower). */
    findByUsername: (username: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst(),
    async usernameTaken(username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
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
export type UserRepository = ReturnType<typeof createUserRepository>;
