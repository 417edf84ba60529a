import { compiledOnce, slot } from '../../../platform/db/compiled-once.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { RefreshFamiliesTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { clockNow } from '../../../platform/lib/clock.ts';

/**
 * Refresh tokens, one row per login (a family, migration 009): the row's generation says which of the
 * login's tokens is current. A refresh moves the generation on in place, so it changes one row and no
 * index; the table holds a row per login, not per refresh.
 */

/** What a refresh that changed nothing reads to tell reuse from an unknown, expired or revoked token. */
type RefreshFamilyState = Pick<RefreshFamiliesTable, 'generation' | 'expires_at' | 'rotated_at' | 'revoked_at'>;

/** The current token of a live login becomes the next generation: compiled once (every refresh runs it). */
const advanceFamily = compiledOnce<
  { user_id: number; generation: number },
  { family: string; generation: number; now: string; expires_at: string; started_after: string }
>((db) =>
  db
    .updateTable('refresh_families')
    .set((eb) => ({
      generation: eb('generation', '+', 1),
      rotated_at: slot<string>('now'),
      expires_at: slot<string>('expires_at'),
    }))
    .where('family', '=', slot<string>('family'))
    .where('generation', '=', slot<number>('generation'))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', slot<string>('now'))
    // A login older than REFRESH_ABSOLUTE_DAYS does not refresh, however recently it did (decision record 065).
    .where('created_at', '>', slot<string>('started_after'))
    .returning(['user_id', 'generation']),
);

const familyByKey = compiledOnce<RefreshFamilyState, { family: string }>((db) =>
  db
    .selectFrom('refresh_families')
    .select(['generation', 'expires_at', 'rotated_at', 'revoked_at'])
    .where('family', '=', slot<string>('family')),
);

export function createRefreshTokenRepository(db: Db) {
  return {
    /**
     * A new login: generation 0, expiring at `expiresAt`; begun now on lib/clock.ts, the clock its absolute
     * end (REFRESH_ABSOLUTE_DAYS) is read on, which tests move.
     */
    async start(family: string, userId: number, expiresAt: string): Promise<void> {
      const created_at = new Date(clockNow()).toISOString();
      await db
        .insertInto('refresh_families')
        .values({ family, user_id: userId, generation: 0, created_at, expires_at: expiresAt })
        .execute();
    },
    /**
     * Retires generation `generation` of a live, unexpired login begun less than `absoluteSeconds` ago
     * (lib/clock.ts) and makes the next one current (its token expiring `refreshSeconds` from now): the
     * user and the new generation, or undefined when that generation is not the current one of such a
     * login (nothing changes then).
     */
    async advance(
      family: string,
      generation: number,
      { refreshSeconds, absoluteSeconds }: { refreshSeconds: number; absoluteSeconds?: number },
    ): Promise<{ user_id: number; generation: number } | undefined> {
      const [row] = await advanceFamily(db, {
        family,
        generation,
        now: nowIso(),
        expires_at: new Date(Date.now() + refreshSeconds * 1000).toISOString(),
        started_after: absoluteSeconds ? new Date(clockNow() - absoluteSeconds * 1000).toISOString() : '',
      });
      return row;
    },
    async find(family: string): Promise<RefreshFamilyState | undefined> {
      const [row] = await familyByKey(db, { family });
      return row;
    },
    /** When a login began (its first sign-in), or undefined for an unknown one. */
    async startedAt(family: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('refresh_families')
        .select('created_at')
        .where('family', '=', family)
        .executeTakeFirst();
      return row?.created_at;
    },
    /** Of these logins, those that ended: signed out (revoked), expired, or gone (housekeeping deleted them). */
    async endedAmong(families: string[]): Promise<string[]> {
      if (families.length === 0) return [];
      const now = nowIso();
      const live = new Set<string>();
      for (let i = 0; i < families.length; i += 500) {
        const rows = await db
          .selectFrom('refresh_families')
          .select('family')
          .where('family', 'in', families.slice(i, i + 500))
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .execute();
        for (const row of rows) live.add(row.family);
      }
      return families.filter((family) => !live.has(family));
    },
    /** Ends a whole login: none of its tokens refreshes any more. */
    async revokeFamily(family: string): Promise<void> {
      await db
        .updateTable('refresh_families')
        .set({ revoked_at: nowIso() })
        .where('family', '=', family)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Every live login of an account: a password reset or a deactivation signs out every device. */
    async revokeAllOf(userId: number): Promise<void> {
      await db
        .updateTable('refresh_families')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Housekeeping: a login whose current token has expired can never refresh again. */
    async deleteExpired(): Promise<void> {
      await db.deleteFrom('refresh_families').where('expires_at', '<', nowIso()).execute();
    },
  };
}
