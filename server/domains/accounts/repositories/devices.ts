import { createHash } from 'node:crypto';
import type { SignedInDevice } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { nowIso } from '../../../platform/lib/time.ts';

/** A login's public id: a digest of its family key (the key itself is part of every refresh token). */
const deviceId = (family: string) => createHash('sha256').update(`device:${family}`).digest('hex').slice(0, 24);

/** The signed-in devices of the account page: one per live login (refresh-token family). */
export function createDeviceRepository(db: Db) {
  const live = (userId: number) =>
    db
      .selectFrom('refresh_families')
      .select(['family', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('created_at', 'desc')
      .execute();
  return {
    async list(userId: number): Promise<SignedInDevice[]> {
      return (await live(userId)).map((r) => ({
        id: deviceId(r.family),
        signed_in_at: r.created_at,
        expires_at: r.expires_at,
      }));
    },
    /** Ends the login with that id; false when the user has no such live login. */
    async signOut(userId: number, id: string): Promise<boolean> {
      const row = (await live(userId)).find((r) => deviceId(r.family) === id);
      if (!row) return false;
      await db.updateTable('refresh_families').set({ revoked_at: nowIso() }).where('family', '=', row.family).execute();
      return true;
    },
  };
}
