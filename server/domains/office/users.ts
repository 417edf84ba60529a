import type { z } from 'zod';
import {
  OFFICE_MESSAGES,
  resetLinkSent,
  SERVER_MESSAGES,
  type AdminUser,
  type AdminUserInput,
  type AdminUserPatch,
  type Role,
} from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { hashPassword } from '../../platform/lib/passwords.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { changeAddress } from '../privacy/index.ts';
import {
  activeAdminIds,
  countUsers,
  createUser,
  emailTaken,
  endAllLogins,
  findUserById,
  findUserByUsername,
  issuePasswordReset,
  toUser,
  updateUser,
  usernameTaken,
  usersPage,
} from '../accounts/index.ts';
import { isUniqueViolation } from '../../platform/lib/db-errors.ts';
import { diff } from '../../platform/lib/diff.ts';
import type { MailEvents } from '../accounts/mail.ts';

/** User accounts as administrators manage them (issue 11): create, change role, (de)activate. */

function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toUser(row),
    is_active: Boolean(row.is_active),
    date_joined: row.created_at,
    last_login: row.last_login,
    mfa_enabled: Boolean(row.mfa_enabled),
  };
}

/** What the audit log keeps of an account: never its password hash. */
function auditable(row: UserRow) {
  return {
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    is_active: Boolean(row.is_active),
  };
}

async function refuseTaken(db: Db, fields: { username?: string; email?: string }, exceptId?: number) {
  const taken: Record<string, string[]> = {};
  if (fields.username !== undefined && (await usernameTaken(db, fields.username)))
    taken.username = [SERVER_MESSAGES.usernameTaken];
  if (fields.email !== undefined && (await emailTaken(db, fields.email, exceptId)))
    taken.email = [SERVER_MESSAGES.emailTaken];
  if (Object.keys(taken).length) throw new ValidationFailed(taken);
}

/** A unique index refused the write: a racing request took the username or email first. */
function takenByRace(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String((error as Error).message ?? '');
    throw new ValidationFailed(
      /email/i.test(text) ? { email: [SERVER_MESSAGES.emailTaken] } : { username: [SERVER_MESSAGES.usernameTaken] },
    );
  }
  throw error;
}

export function createUserService(db: Db) {
  return {
    /** The Users tab's page: the search and filters, the total and the rows as AdminUser. */
    async list(
      filters: { search?: string; role?: UserRow['role']; is_active?: boolean },
      pageSize: number,
      offset: number,
    ): Promise<{ count: number; rows: AdminUser[] }> {
      const [count, rows] = await Promise.all([countUsers(db, filters), usersPage(db, filters, pageSize, offset)]);
      return { count, rows: rows.map(toAdminUser) };
    },
    async create(admin: UserRow, input: z.output<typeof AdminUserInput>): Promise<AdminUser> {
      await refuseTaken(db, input);
      const passwordHash = await hashPassword(input.password);
      try {
        return await inTransaction(db, async (trx) => {
          const row = await createUser(trx, {
            username: input.username,
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            password_hash: passwordHash,
            role: input.role,
          });
          await createAuditRepository(trx).record({
            actorId: admin.id,
            action: 'create',
            entity: 'user',
            entityId: row.id,
            changes: { after: auditable(row) },
          });
          return toAdminUser(row);
        });
      } catch (error) {
        takenByRace(error);
      }
    },

    /**
     * Only the fields sent change. Nobody deactivates themself or changes their own role, and the last
     * active administrator stays one. Deactivation revokes the user's refresh tokens; their access
     * tokens are refused from the next request on (the auth plugin reads is_active every time).
     */
    async update(admin: UserRow, id: number, patch: z.output<typeof AdminUserPatch>): Promise<AdminUser> {
      if (patch.email !== undefined) await refuseTaken(db, { email: patch.email }, id);
      try {
        return await inTransaction(db, async (trx) => {
          const before = await findUserById(trx, id);
          if (!before) throw notFound();
          const losesAdmin =
            before.role === 'admin' &&
            Boolean(before.is_active) &&
            (patch.is_active === false || (patch.role !== undefined && patch.role !== 'admin'));
          const selfChange = patch.is_active === false || (patch.role !== undefined && patch.role !== before.role);
          if (id === admin.id && selfChange) throw new BusinessError(OFFICE_MESSAGES.selfChange);
          if (losesAdmin) {
            const others = (await activeAdminIds(trx, { lock: true })).filter((other) => other !== id);
            if (others.length === 0) throw new BusinessError(OFFICE_MESSAGES.lastAdmin);
          }
          const values = {
            ...(patch.role !== undefined ? { role: patch.role as Role } : {}),
            ...(patch.is_active !== undefined ? { is_active: patch.is_active ? 1 : 0 } : {}),
            ...(patch.first_name !== undefined ? { first_name: patch.first_name } : {}),
            ...(patch.last_name !== undefined ? { last_name: patch.last_name } : {}),
          };
          if (Object.keys(values).length) await updateUser(trx, id, values);
          // Another address is unconfirmed until its owner opens a link (decision record 063): the old
          // address's span ends; a change of case only keeps the address as it was.
          if (patch.email !== undefined && patch.email.toLowerCase() !== before.email.toLowerCase()) {
            await changeAddress(trx, id, patch.email);
          } else if (patch.email !== undefined) await updateUser(trx, id, { email: patch.email });
          if (patch.is_active === false && before.is_active) await endAllLogins(trx, id);
          const after = await findUserById(trx, id);
          if (!after) throw notFound();
          const changes = diff(auditable(before), auditable(after));
          if (Object.keys(changes).length) {
            const action =
              patch.is_active === false && before.is_active
                ? 'deactivate'
                : patch.is_active === true && !before.is_active
                  ? 'reactivate'
                  : 'update';
            await createAuditRepository(trx).record({
              actorId: admin.id,
              action,
              entity: 'user',
              entityId: id,
              changes,
            });
          }
          return toAdminUser(after);
        });
      } catch (error) {
        takenByRace(error);
      }
    },

    /**
     * An administrator sends the account's owner a reset link (the same single-use, 30-minute link as
     * "Forgot password?"), written to the outbox with its audit row in one transaction.
     */
    async sendPasswordReset(admin: UserRow, id: number, mail: MailEvents): Promise<string> {
      return inTransaction(db, async (trx) => {
        const user = await findUserById(trx, id);
        if (!user) throw notFound();
        if (!user.is_active) throw new BusinessError(OFFICE_MESSAGES.resetInactive);
        if (!user.email) throw new BusinessError(OFFICE_MESSAGES.resetNoEmail);
        await issuePasswordReset(trx, mail, user);
        await createAuditRepository(trx).record({
          actorId: admin.id,
          action: 'password_reset',
          entity: 'user',
          entityId: id,
          changes: { email: user.email },
        });
        return resetLinkSent(user.email);
      });
    },
  };
}

export type AdminAccount = {
  username: string;
  email: string;
  password?: string;
  first_name: string;
  last_name: string;
};

/**
 * `npm run create-admin`: creates the account as an active administrator, or makes an existing
 * account (same username) an active administrator, setting its password when one is given.
 */
export async function createOrPromoteAdmin(
  db: Db,
  account: AdminAccount,
): Promise<{ outcome: 'created' | 'promoted' | 'unchanged'; user: AdminUser }> {
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  return inTransaction(db, async (trx) => {
    const audit = createAuditRepository(trx);
    const existing = await findUserByUsername(trx, account.username);
    if (!existing) {
      if (!passwordHash) throw new Error('A password is required to create an administrator.');
      if (await emailTaken(trx, account.email)) throw new Error(SERVER_MESSAGES.emailTaken);
      const row = await createUser(trx, {
        username: account.username,
        email: account.email,
        first_name: account.first_name,
        last_name: account.last_name,
        password_hash: passwordHash,
        role: 'admin',
      });
      await audit.record({
        actorId: null,
        action: 'create',
        entity: 'user',
        entityId: row.id,
        changes: { after: auditable(row), via: 'create-admin' },
      });
      return { outcome: 'created', user: toAdminUser(row) };
    }
    const wasAdmin = existing.role === 'admin' && Boolean(existing.is_active);
    await updateUser(trx, existing.id, {
      role: 'admin',
      is_active: 1,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    const after = (await findUserById(trx, existing.id))!;
    const changes: Record<string, unknown> = { ...diff(auditable(existing), auditable(after)), via: 'create-admin' };
    if (passwordHash) changes.password = 'changed';
    await audit.record({ actorId: null, action: 'promote', entity: 'user', entityId: existing.id, changes });
    return { outcome: wasAdmin && !passwordHash ? 'unchanged' : 'promoted', user: toAdminUser(after) };
  });
}

/** True when no active administrator exists (a production start then says how to make one). */
export async function noActiveAdmin(db: Db): Promise<boolean> {
  return (await activeAdminIds(db)).length === 0;
}

export const NO_ADMIN_NOTICE =
  'No administrator exists yet: run "npm run create-admin" (same DATABASE_URL) to create one, then log in at /login.';
