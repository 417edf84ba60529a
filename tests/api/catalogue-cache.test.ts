import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import type { DatabaseHandle } from '../../server/platform/db/connect.ts';
import { programInput } from './support/fixtures.ts';
import { TEST_DB } from './support/harness.ts';
import { twoInstances, type TwoInstances } from './support/two-instances.ts';

/**
 * Two instances (two apps, each with its own connection) on one database, as two server processes or
 * machines would be. Each keeps the public programs list in memory, and each reads the catalogue version
 * before it answers: a write committed before a request arrives is in that request's answer, whichever
 * instance made it.
 */
describe(`the catalogue kept in memory, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let instances: TwoInstances;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let admin: string;

  beforeAll(async () => {
    instances = await twoInstances();
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

  type Listed = { id: number; title: string; price: number };
  const list = async (i: number, query = '') => {
    const res = await apps[i]!.inject({ url: `${API.programs.list}${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(res.body) as Listed[];
  };
  const titles = async (i: number, query = '') => (await list(i, query)).map((p) => p.title);
  const page = async (i: number, id: number) => {
    const res = await apps[i]!.inject({ url: API.programs.detail(id) });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body) as Listed;
  };
  const write = async (i: number, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => {
    const res = await apps[i]!.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, payload: body });
    expect(res.statusCode).toBeLessThan(300);
    return res.body ? (JSON.parse(res.body) as { id: number }) : null;
  };

  it('a write through one instance is in the other instance’s very next answer', async () => {
    expect(await titles(0)).toEqual([]);
    expect(await titles(1)).toEqual([]);

    const { id } = (await write(0, 'POST', API.programs.create, programInput({ title: 'Credit Analyst' })))!;
    expect(await titles(0)).toEqual(['Credit Analyst']);
    expect(await titles(1)).toEqual(['Credit Analyst']);

    // The same the other way round, for an update, a filtered list and the unfiltered one kept before.
    await write(1, 'PUT', API.programs.update(id), programInput({ title: 'Credit Analyst Pro', level: 'advanced' }));
    expect(await titles(1, '?level=advanced')).toEqual(['Credit Analyst Pro']);
    expect(await titles(0, '?level=advanced')).toEqual(['Credit Analyst Pro']);
    expect(await titles(0)).toEqual(['Credit Analyst Pro']);

    await write(1, 'DELETE', API.programs.remove(id));
    expect(await titles(1)).toEqual([]);
    expect(await titles(0)).toEqual([]);
  });

  it('a price changed through A shows in B’s list and B’s program page on the next request, 50 times in a row, while B is busy answering', async () => {
    const { id } = (await write(0, 'POST', API.programs.create, programInput({ title: 'Price Watch' })))!;
    // Readers keep B answering the list throughout, so a version read is nearly always in flight on B when
    // the checking request arrives: that request must wait for a read that began after it, not share one.
    let running = true;
    const busy = Promise.all(
      [0, 1, 2].map(async () => {
        while (running) {
          await list(1);
          // On SQLite a cached answer needs no I/O: let the event loop reach the writer's work too.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    try {
      for (let round = 1; round <= 50; round++) {
        const price = 60000 + round;
        await write(0, 'PUT', API.programs.update(id), programInput({ title: 'Price Watch', price }));
        const [listed, shown] = await Promise.all([list(1), page(1, id)]);
        expect({ round, list: listed.find((p) => p.id === id)?.price, page: shown.price }).toEqual({
          round,
          list: price,
          page: price,
        });
      }
    } finally {
      running = false;
      await busy;
    }
    await write(0, 'DELETE', API.programs.remove(id));
  });

  it('a write to the catalogue made outside the API (any path) is seen at once too, and the instructor name follows faculty', async () => {
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
    expect(await titles(1)).toEqual(['Risk Basics']);
    await handles[0]!.db.updateTable('programs').set({ instructor_id: faculty.id }).execute();
    await handles[0]!.db.updateTable('faculty').set({ first_name: 'Rakesh' }).execute();
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
