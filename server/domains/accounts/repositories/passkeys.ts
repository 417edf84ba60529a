import type { Db } from '../../../platform/db/connect.ts';
import type { WebauthnCredentialsTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/** Passkeys' rows (webauthn_credentials, migration 012). */
export function createPasskeyRepository(db: Db) {
  return {
    find: (id: string) => db.selectFrom('webauthn_credentials').selectAll().where('id', '=', id).executeTakeFirst(),
    /** One passkey of `userId` (undefined for anyone else's). */
    findOwn: (userId: number, id: string) =>
      db
        .selectFrom('webauthn_credentials')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    async insert(row: WebauthnCredentialsTable): Promise<void> {
      await db.insertInto('webauthn_credentials').values(row).execute();
    },
    async removeAllOf(userId: number): Promise<void> {
      await db.deleteFrom('webauthn_credentials').where('user_id', '=', userId).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('webauthn_credentials').where('id', '=', id).execute();
    },
    /**
     * Moves the signature counter to `counter` and records the use, only forward (or 0 to 0 for an
     * authenticator without a counter): false when it would not move (a concurrent use won, or a clone).
     */
    async advance(id: string, counter: number): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_credentials')
        .set({ counter, last_used_at: nowIso() })
        .where('id', '=', id)
        .where((eb) => (counter === 0 ? eb('counter', '=', 0) : eb('counter', '<', counter)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
