import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type { Role } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { UsersTable } from '../../../platform/db/schema.ts';
import { userSearch } from '../../../platform/db/search-terms.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';
import type { UserRow } from '../../../platform/db/schema.ts';
import type { AccountRule } from '../../../platform/db/subquery-rules.ts';

export type NewUser = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  role: Role;
  /** Set when the account is made by signing up, which logs the new student in. */
  last_login?: string;
  /** The mobile number given with WhatsApp or SMS consent at registration (migration 034). */
  phone?: string | null;
};

/** Every authenticated request reads its user: compiled once. */
const userById = compiledOnce<UserRow, { id: number }>((db) =>
  db.selectFrom('users').selectAll().where('id', '=', slot<number>('id')),
);
/**
 * The rule of an account that may act: it exists and is active. The auth hook holds every request to it
 * (`findActive`); a statement that proves the caller's account itself embeds it (decision record 103).
 */
export const activeAccounts: AccountRule = (db, account) =>
  db
    .selectFrom('users')
    .where('users.id', '=', account as number)
    .where('users.is_active', '=', 1);

/** The account when it may act: compiled once, read by every authenticated request. */
const activeUserById = compiledOnce<UserRow, { id: number }>((db) =>
  activeAccounts(db, slot<number>('id')).selectAll(),
);

export type UserListFilters = { search?: string; role?: Role; is_active?: boolean };

async function filtered(db: Db, filters: UserListFilters) {
  let query = db.selectFrom('users');
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.is_active !== undefined) query = query.where('is_active', '=', filters.is_active ? 1 : 0);
  const search = filters.search;
  if (search) query = query.where(await userSearch(db, 'users', search));
  return query;
}

export function createUserRepository(db: Db) {
  return {
    findById: async (id: number): Promise<UserRow | undefined> => (await userById(db, { id }))[0],
    /** The account by its id when it may act (`activeAccounts`), else undefined. */
    findActive: async (id: number): Promise<UserRow | undefined> => (await activeUserById(db, { id }))[0],
    /** Every administrator's email address (their notices go to all of them). */
    async adminEmails(): Promise<string[]> {
      const rows = await db.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('id').execute();
      return rows.map((r) => r.email).filter(Boolean);
    },
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
    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    create: (user: NewUser) =>
      db
        .insertInto('users')
        .values({ ...user, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow(),
    async update(id: number, values: Updateable<UsersTable>): Promise<void> {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
    },
    async recordLogin(id: number): Promise<void> {
      await db.updateTable('users').set({ last_login: nowIso() }).where('id', '=', id).execute();
    },
    async count(filters: UserListFilters = {}): Promise<number> {
      const row = await (
        await filtered(db, filters)
      )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page: async (filters: UserListFilters, limit: number, offset: number) =>
      (await filtered(db, filters))
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    /** Every matching row in id order, a batch at a time (exports). */
    batchAfter: async (filters: UserListFilters, afterId: number, limit: number) =>
      (await filtered(db, filters)).selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),
    /** True for an active administrator or instructor (who may follow up a counseling request). */
    async isActiveStaff(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('role', 'in', ['admin', 'instructor'])
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * The ids of the active administrators. On PostgreSQL the rows stay locked until the transaction
     * ends, so two administrators demoting each other at once cannot both succeed.
     */
    async activeAdminIds(options: { lock?: boolean } = {}): Promise<number[]> {
      let query = db.selectFrom('users').select('id').where('role', '=', 'admin').where('is_active', '=', 1);
      // SQLite has one writer at a time and no FOR UPDATE.
      if (options.lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
      return (await query.execute()).map((r) => r.id);
    },
  };
}
