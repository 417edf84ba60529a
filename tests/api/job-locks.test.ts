import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobLockRepository } from '../../server/platform/db/job-locks.ts';
import { createRateEventRepository } from '../../server/platform/db/rate-events.ts';
import { TEST_DB } from './support/harness.ts';
import { twoInstances, type TwoInstances } from './support/two-instances.ts';

/**
 * Housekeeping runs in every instance; on PostgreSQL one instance at a time runs it (an advisory lock) and
 * an instance that finds it running elsewhere skips the round. Two instances on one database.
 */
describe(`background jobs run alone, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await twoInstances();
  });
  afterAll(async () => instances?.close());

  const oldEvent = (key: string) =>
    instances.handles[0]!.db.insertInto('rate_events')
      .values({ key, created_at: '2020-01-01T00:00:00.000Z' })
      .execute();
  const events = async () => (await instances.handles[0]!.db.selectFrom('rate_events').select('key').execute()).length;
  const prune = (i: number) =>
    createJobLockRepository(instances.handles[i]!.db, instances.handles[i]!.dialect).runAlone('housekeeping', (trx) =>
      createRateEventRepository(trx).prune(24 * 3600),
    );

  it('housekeeping deletes what is old, whichever instance runs it', async () => {
    await oldEvent('login:a');
    expect(await prune(1)).toBe(true);
    expect(await events()).toBe(0);
  });

  it.runIf(TEST_DB === 'postgres')(
    'while one instance runs it, the other skips the round; after, the other runs it',
    async () => {
      await oldEvent('login:b');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const started = new Promise<void>((resolve) => (entered = resolve));
      const first = createJobLockRepository(instances.handles[0]!.db, 'postgres').runAlone(
        'housekeeping',
        async (trx) => {
          await createRateEventRepository(trx).prune(24 * 3600);
          entered();
          await gate;
        },
      );
      await started;
      expect(await prune(1)).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(await events()).toBe(0);
      // The lock went with the first instance's transaction.
      expect(await prune(1)).toBe(true);
    },
  );
});
