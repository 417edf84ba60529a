import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import type { DatabaseHandle } from '../../server/db/connect.ts';
import { CATALOGUE_MAX_STALENESS_MS } from '../../server/services/catalogue-cache.ts';
import { programInput } from './support/fixtures.ts';
import { TEST_DB } from './support/harness.ts';
import { twoInstances, type TwoInstances } from './support/two-instances.ts';

/**
 * Two instances (two apps, each with its own connection) on one database, as two server processes or
 * machines would be. Each keeps the public programs list in memory; each has its own clock so the test
 * can move time without waiting.
 */
describe(`the catalogue kept in memory, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let instances: TwoInstances;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  const clocks = [0, 0];
  let admin: string;

  beforeAll(async () => {
    instances = await twoInstances((i) => () => clocks[i]!);
    handles.push(...instances.handles);
    apps.push(...instances.apps);
    const row = await handles[0]!.db
      .insertInto('users')
      .values({
        username: 'cache_admin',
        email: 'cache_admin@example.in',
        first_name: 'Cache',
        last_name: 'Admin',
        password_hash: 'unused',
        role: 'admin',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    admin = (await apps[0]!.deps.tokens.issuePair(row.id)).access;
  });

  afterAll(async () => instances?.close());

  const titles = async (i: number, query = '') => {
    const res = await apps[i]!.inject({ url: `${API.programs.list}${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return (JSON.parse(res.body) as Array<{ title: string }>).map((p) => p.title);
  };
  const write = async (i: number, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const res = await apps[i]!.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, payload: body });
    expect(res.statusCode).toBeLessThan(300);
    return res.body ? (JSON.parse(res.body) as { id: number }) : null;
  };

  it('a write shows at once on the instance that made it, and on the other within a second', async () => {
    expect(await titles(0)).toEqual([]);
    expect(await titles(1)).toEqual([]);

    const { id } = (await write(0, 'POST', API.programs.create, programInput({ title: 'Credit Analyst' })))!;
    expect(await titles(0)).toEqual(['Credit Analyst']);
    // The other instance answers from memory until its last look at the catalogue version is a second old...
    expect(await titles(1)).toEqual([]);
    clocks[1]! += CATALOGUE_MAX_STALENESS_MS - 1;
    expect(await titles(1)).toEqual([]);
    // ...and then it looks, sees the catalogue moved, and answers afresh.
    clocks[1]! += 1;
    expect(await titles(1)).toEqual(['Credit Analyst']);

    // The same the other way round, for an update and a filtered list.
    await write(1, 'PUT', API.programs.update(id), programInput({ title: 'Credit Analyst Pro', level: 'advanced' }));
    expect(await titles(1, '?level=advanced')).toEqual(['Credit Analyst Pro']);
    // A filter instance 0 was never asked for is read from the database; the list it answered before is
    // kept until the second is up.
    expect(await titles(0, '?level=advanced')).toEqual(['Credit Analyst Pro']);
    expect(await titles(0)).toEqual(['Credit Analyst']);
    clocks[0]! += CATALOGUE_MAX_STALENESS_MS;
    expect(await titles(0)).toEqual(['Credit Analyst Pro']);

    // A delete.
    await write(1, 'DELETE', API.programs.remove(id));
    expect(await titles(1)).toEqual([]);
    clocks[0]! += CATALOGUE_MAX_STALENESS_MS;
    expect(await titles(0)).toEqual([]);
  });

  it('a write to the catalogue made outside the API (any path) is seen too, and the instructor name follows faculty', async () => {
    await write(0, 'POST', API.programs.create, programInput({ title: 'Risk Basics' }));
    const faculty = (await write(0, 'POST', API.faculty.create, {
      first_name: 'Rajesh',
      last_name: 'Iyer',
      email: 'rajesh@example.in',
      expertise: 'Credit',
      experience_years: 12,
      previous_companies: 'SBI',
      bio: 'Banker.',
      linkedin_url: '',
      is_featured: false,
    }))!;
    clocks[1]! += CATALOGUE_MAX_STALENESS_MS;
    expect(await titles(1)).toEqual(['Risk Basics']);
    await handles[0]!.db.updateTable('programs').set({ instructor_id: faculty.id }).execute();
    await handles[0]!.db.updateTable('faculty').set({ first_name: 'Rakesh' }).execute();
    clocks[1]! += CATALOGUE_MAX_STALENESS_MS;
    const res = await apps[1]!.inject({ url: API.programs.list });
    expect(JSON.parse(res.body)).toMatchObject([{ title: 'Risk Basics', instructor: { first_name: 'Rakesh' } }]);
  });

  it('administrators asking for archived programs always read the database', async () => {
    await handles[0]!.db.updateTable('programs').set({ is_active: 0 }).where('title', '=', 'Risk Basics').execute();
    const res = await apps[1]!.inject({
      url: `${API.programs.list}?include_inactive=true`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(
      (JSON.parse(res.body) as Array<{ title: string; is_active: boolean }>).map((p) => [p.title, p.is_active]),
    ).toEqual([['Risk Basics', false]]);
  });
});
