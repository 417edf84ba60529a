import type { Db } from '../db/connect.ts';
import { createVersionRepository } from '../repositories/versions.ts';
import { etagOf } from '../lib/etag.ts';

/** How old a version check may be before an answer is served from memory without a new one. */
export const CATALOGUE_MAX_STALENESS_MS = 1000;
/** Distinct cached answers (filter combinations, searches) kept at most; beyond that the cache starts over. */
const MAX_ENTRIES = 200;

/**
 * Public catalogue answers (already serialised JSON) kept in memory. Valid while the database's catalogue
 * version (a row bumped by triggers on every catalogue write, migration 007) is the one last read; that
 * row is read again when the last read is a second old or more, so a write made by another process or
 * instance shows within a second. A write through this process empties the cache at once (`invalidate`,
 * called for every non-GET request before it answers), so the writer reads its own write.
 */
export function createCatalogueCache(db: Db, now: () => number = Date.now) {
  const versions = createVersionRepository(db, 'catalogue_version');
  const answers = new Map<string, CachedAnswer>();
  let version: number | null = null;
  let checkedAt = -Infinity;
  /** Moves on every invalidation; an answer built across one is not kept. */
  let generation = 0;
  let checking: Promise<void> | null = null;

  function invalidate(): void {
    answers.clear();
    generation++;
    checkedAt = -Infinity;
  }

  async function check(): Promise<void> {
    const startedAt = now();
    const current = await versions.current();
    if (current !== version) {
      answers.clear();
      generation++;
      version = current;
    }
    checkedAt = startedAt;
  }

  /** The version was read within the last second: what is in memory may be served. */
  const fresh = () => now() - checkedAt < CATALOGUE_MAX_STALENESS_MS;

  async function ensureFresh(): Promise<void> {
    if (fresh()) return;
    checking ??= check().finally(() => (checking = null));
    await checking;
  }

  return {
    /** The cached answer for `key` when it is there and its version was checked within the last second. */
    peek(key: string): CachedAnswer | undefined {
      return fresh() ? answers.get(key) : undefined;
    },
    /**
     * The cached JSON for `key` with its ETag, or `build()`'s answer serialised and tagged (and cached
     * unless the catalogue moved meanwhile).
     */
    async answer(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      await ensureFresh();
      const hit = answers.get(key);
      if (hit !== undefined) return hit;
      const builtIn = generation;
      const answer = answerOf(await build());
      if (generation === builtIn) {
        if (answers.size >= MAX_ENTRIES) answers.clear();
        answers.set(key, answer);
      }
      return answer;
    },
    invalidate,
  };
}
/** A value serialised once, with its ETag, ready for sendCachedAnswer. */
export function answerOf(value: unknown, kept = true): CachedAnswer {
  const bytes = Buffer.from(JSON.stringify(value));
  return { bytes, etag: etagOf(bytes), encoded: {}, kept };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
/**
 * An answer's JSON bytes, their ETag, and their compressed forms,
 * each made once, when first asked for (plugins/http-cache.ts), not per request.
 */
export type CachedAnswer = {
  bytes: Buffer;
  etag: string;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  /** False for an answer sent once (not cached): compressed fast rather than small. */
  kept: boolean;
};
