import type { Db } from '../db/connect.ts';
import { createCatalogueVersionRepository } from '../repositories/catalogue-version.ts';
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
  const versions = createCatalogueVersionRepository(db);
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

  async function ensureFresh(): Promise<void> {
    if (now() - checkedAt < CATALOGUE_MAX_STALENESS_MS) return;
    checking ??= check().finally(() => (checking = null));
    await checking;
  }

  return {
    /**
     * The cached JSON for `key` with its ETag, or `build()`'s answer serialised and tagged (and cached
     * unless the catalogue moved meanwhile).
     */
    async answer(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      await ensureFresh();
      const hit = answers.get(key);
      if (hit !== undefined) return hit;
      const builtIn = generation;
      const body = JSON.stringify(await build());
      const answer = { body, etag: etagOf(body) };
      if (generation === builtIn) {
        if (answers.size >= MAX_ENTRIES) answers.clear();
        answers.set(key, answer);
      }
      return answer;
    },
    invalidate,
  };
}
export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
/** An answer's JSON and the ETag of those exact bytes (computed once, not per request). */
export type CachedAnswer = { body: string; etag: string };
