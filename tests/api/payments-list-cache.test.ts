import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import type { DatabaseHandle } from '../../server/platform/db/connect.ts';
import { programInput } from './support/fixtures.ts';
import { TEST_DB } from './support/harness.ts';
import { twoInstances, type TwoInstances } from './support/two-instances.ts';

type Row = {
  id: number;
  status: string;
  admin_notes: string;
  program_title: string | null;
  student: { first_name: string };
};

/**
 * The admin Payments list, kept in memory on SQLite (answers checked against a count of writes made by
 * triggers), is never stale: a write made anywhere (the other instance, or straight into the database)
 * shows on the very next request of either instance, with no second of grace. On PostgreSQL the list is
 * read every time; the same test holds.
 */
describe(`the admin Payments list is never stale, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  let instances: TwoInstances;
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let admin: string;
  let studentId: number;

  beforeAll(async () => {
    instances = await twoInstances();
    handles.push(...instances.handles);
    apps.push(...instances.apps);
    const user = (username: string, role: 'admin' | 'student') =>
      handles[0]!.db
        .insertInto('users')
        .values({
          username,
          email: `${username}@example.in`,
          first_name: 'Asha',
          last_name: 'Rao',
          password_hash: 'unused',
          role,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    admin = (await apps[0]!.deps.tokens.issuePair((await user('list_admin', 'admin')).id)).access;
    studentId = (await user('list_student', 'student')).id;
  });

  afterAll(async () => instances?.close());

  const list = async (i: number, query = '?page=1') => {
    const res = await apps[i]!.inject({
      url: `${API.admin.payments}${query}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(res.body) as { count: number; results: Row[] };
  };
  const both = async (query?: string) => {
    const [a, b] = [await list(0, query), await list(1, query)];
    expect(b).toEqual(a);
    return a;
  };

  it('every kind of write shows on the next request of either instance', async () => {
    const created = await apps[0]!.inject({
      method: 'POST',
      url: API.programs.create,
      headers: { authorization: `Bearer ${admin}` },
      payload: programInput({ title: 'Credit Analyst' }),
    });
    expect(created.statusCode).toBe(201);
    const programId = (JSON.parse(created.body) as { id: number }).id;
    expect((await both()).count).toBe(0);

    // A payment written straight into the database (as another process or a script would).
    const now = new Date().toISOString();
    const { id } = await handles[1]!.db
      .insertInto('payments')
      .values({
        student_id: studentId,
        course_type: 'program',
        course_id: programId,
        status: 'pending',
        amount: 45_000,
        payment_method: 'upi',
        billing_first_name: null,
        billing_last_name: null,
        billing_email: null,
        billing_phone: null,
        failure_reason: null,
        admin_notes: '',
        is_urgent: 0,
        created_at: now,
        completed_at: null,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let page = await both();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ id, status: 'pending', program_title: 'Credit Analyst' });

    // Its status and notes change.
    await handles[1]!.db.updateTable('payments').set({ status: 'failed', admin_notes: 'Bank timeout' }).execute();
    page = await both();
    expect(page.results[0]).toMatchObject({ status: 'failed', admin_notes: 'Bank timeout' });

    // The student's name, and the program's title through the other instance's API.
    await handles[1]!.db.updateTable('users').set({ first_name: 'Ashwini' }).where('id', '=', studentId).execute();
    expect((await both()).results[0]!.student.first_name).toBe('Ashwini');
    const renamed = await apps[1]!.inject({
      method: 'PUT',
      url: API.programs.update(programId),
      headers: { authorization: `Bearer ${admin}` },
      payload: programInput({ title: 'Credit Analyst Pro' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await both()).results[0]!.program_title).toBe('Credit Analyst Pro');

    // A filtered page is kept apart from the unfiltered one, and follows too.
    expect((await both('?page=1&status=failed')).count).toBe(1);
    await handles[0]!.db.deleteFrom('payments').where('id', '=', id).execute();
    expect((await both('?page=1&status=failed')).count).toBe(0);
    expect((await both()).count).toBe(0);
  });

  it('a bad query is still refused when an answer for another query is kept', async () => {
    await list(0);
    const res = await apps[0]!.inject({
      url: `${API.admin.payments}?page=0`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
