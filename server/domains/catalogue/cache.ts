import type { Db } from '../../platform/db/connect.ts';
import { createVersionRepository } from '../../platform/db/versions.ts';
import { etagOf } from '../../platform/lib/etag.ts';

/** Distinct cached answers (filter combinations, searches) kept at most; beyond that the cache starts over. */
const MAX_ENTRIES = 200;

/**
 * Public catalogue answers (already serialised JSON) kept in memory. Valid while the database's catalogue
 * version (a row bumped by triggers on every catalogue write, migration 007) is the one last read, and that
 * row is read for every request before it is answered, by a read that began after the request arrived
 * (decision 048): a write committed anywhere before a request arrives (another process, another machine, a
 * script) is in that request's answer, the same rule as an answer read from the database. One read serves
 * every request that arrived before it began (`versions.fresh`, decision 069). A write through this process
 * is seen the same way, so writes that are not the catalogue's (an exam's saves, a payment) leave the cache
 * as it is (decision 104).
 */
export function createCatalogueCache(db: Db) {
  const versions = createVersionRepository(db, 'catalogue_version');
  const answers = new Map<string, CachedAnswer>();
  let version: number | null = null;
  /** Moves on every invalidation; an answer built across one is not kept. */
  let generation = 0;

  function invalidate(): void {
    answers.clear();
    generation++;
  }

  /** Settles the version read (shared: versions.fresh) and answers from memory when it can. */
  function fromMemory(now: number, key: string): CachedAnswer | undefined {
    if (now !== version) {
      invalidate();
      version = now;
    }
    return answers.get(key);
  }

  async function built(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
    const builtIn = generation;
    const answer = answerOf(await build());
    if (generation === builtIn) {
      if (answers.size >= MAX_ENTRIES) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  }

  return {
    /**
     * The cached JSON for `key` with its ETag, or `build()`'s answer serialised and tagged (and cached
     * unless the catalogue moved meanwhile), after a version read that began after this call.
     */
    answer(key: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
      return versions.fresh().then((now) => fromMemory(now, key) ?? built(key, build));
    },
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
