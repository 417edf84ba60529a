import type { Db } from './connect.ts';

export function createSettingsRepository(db: Db) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },
    /** Stores `value` unless the key exists; answers what is stored, so racing instances agree. */
    async getOrInsert(key: string, value: string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
