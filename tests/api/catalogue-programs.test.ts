import { beforeAll, describe, expect, it } from 'vitest';
import { Program, durationMonths } from '../../contract/index.ts';
import { createProgram, programInput } from './support/fixtures.ts';
import { admin, asha, ctx, list, useAdminAndAsha } from './support/admin-and-asha.ts';

useAdminAndAsha();

describe('programs', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    ids = {
      beginner: await createProgram(ctx, admin.access, {
        title: 'Credit Basics',
        description: 'Ratios for beginners',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'graduates',
        is_featured: true,
      }),
      research: await createProgram(ctx, admin.access, {
        title: 'Rating Research',
        description: 'Rating methodology 100%_done',
        level: 'advanced',
        category: 'research_analyst',
        target_audience: 'ca',
        duration_weeks: 26,
      }),
      nbfc: await createProgram(ctx, admin.access, {
        title: 'NBFC Incubator',
        level: 'advanced',
        category: 'nbfc_incubator',
        target_audience: 'entrepreneurs',
        is_flagship: true,
      }),
      archived: await createProgram(ctx, admin.access, { title: 'Old Program', is_active: false }),
    };
  });

  it('lists active programs in the contract shape, months derived from weeks', async () => {
    const programs = await list<Program>('/classroom/programs/');
    expect(programs.map((p) => p.title)).toEqual(['Credit Basics', 'Rating Research', 'NBFC Incubator']);
    for (const p of programs) expect(Program.parse(p)).toEqual(p);
    const research = programs.find((p) => p.id === ids.research)!;
    expect(research.duration_weeks).toBe(26);
    expect(research.duration_months).toBe(durationMonths(26));
    expect(research.duration_months).toBe(6);
  });

  it.each([
    ['level=advanced', ['Rating Research', 'NBFC Incubator']],
    ['category=research_analyst', ['Rating Research']],
    ['target_audience=entrepreneurs', ['NBFC Incubator']],
    ['search=ratios', ['Credit Basics']],
    ['search=RATING', ['Rating Research']],
    ['search=100%25_', ['Rating Research']],
    ['search=%25', ['Rating Research']],
    ['is_featured=true', ['Credit Basics']],
    ['level=advanced&category=nbfc_incubator', ['NBFC Incubator']],
    ['unknown_param=1', ['Credit Basics', 'Rating Research', 'NBFC Incubator']],
    ['level=&category=&search=', ['Credit Basics', 'Rating Research', 'NBFC Incubator']],
  ])('filters by %s', async (query, titles) => {
    const programs = await list<Program>(`/classroom/programs/?${query}`);
    expect(programs.map((p) => p.title)).toEqual(titles);
  });

  it('answers 400 for invalid values of known filters', async () => {
    const res = await ctx.request({ url: '/classroom/programs/?level=expert&is_featured=yes' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      level: ['Level must be one of: beginner, intermediate, advanced.'],
      is_featured: [expect.any(String)],
    });
  });

  it('honours include_inactive only for administrators', async () => {
    expect((await list<Program>('/classroom/programs/?include_inactive=true')).some((p) => p.id === ids.archived)).toBe(
      false,
    );
    expect(
      (await list<Program>('/classroom/programs/?include_inactive=true', asha.access)).some(
        (p) => p.id === ids.archived,
      ),
    ).toBe(false);
    expect(
      (await list<Program>('/classroom/programs/?include_inactive=true', admin.access)).some(
        (p) => p.id === ids.archived,
      ),
    ).toBe(true);
  });

  it('answers one program, and 404 for unknown, malformed or (for non-admins) archived ids', async () => {
    const res = await ctx.request({ url: `/classroom/programs/${ids.nbfc}/` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.nbfc, is_flagship: true, instructor: null });
    for (const url of [
      '/classroom/programs/999999/',
      '/classroom/programs/abc/',
      '/classroom/programs/0/',
      `/classroom/programs/${ids.archived}/`,
    ]) {
      expect(await ctx.request({ url })).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    }
    expect((await ctx.request({ url: `/classroom/programs/${ids.archived}/`, token: admin.access })).status).toBe(200);
  });

  it('creates (201), updates (200) and validates with the contract messages', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/classroom/programs/',
      token: admin.access,
      body: programInput({ title: 'New One' }),
    });
    expect(created.status).toBe(201);
    const program = Program.parse(created.body);
    const updated = await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${program.id}/`,
      token: admin.access,
      body: programInput({ title: 'Renamed', duration_weeks: 52, price: 99000 }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: program.id,
      title: 'Renamed',
      duration_weeks: 52,
      duration_months: 12,
      price: 99000,
    });

    const bad = await ctx.request({
      method: 'POST',
      url: '/classroom/programs/',
      token: admin.access,
      body: { title: '', price: 'ten', level: 'x', duration_weeks: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: ['Title is required.'],
      description: ['Description is required.'],
      level: ['Level must be one of: beginner, intermediate, advanced.'],
      category: [expect.stringContaining('Category must be one of')],
      target_audience: [expect.stringContaining('Target audience must be one of')],
      price: ['Price must be a number.'],
      duration_weeks: ['Duration must be at least 1 week.'],
    });
    const badUpdate = await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${program.id}/`,
      token: admin.access,
      body: programInput({ price: -1 }),
    });
    expect(badUpdate).toMatchObject({ status: 400, body: { price: ['Price cannot be negative.'] } });
    expect(
      (
        await ctx.request({
          method: 'PUT',
          url: '/classroom/programs/999999/',
          token: admin.access,
          body: programInput(),
        })
      ).status,
    ).toBe(404);
  });

  it('deletes a program without history, archives one with history', async () => {
    const plain = await createProgram(ctx, admin.access);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/programs/${plain}/`, token: admin.access })).status,
    ).toBe(204);
    expect(await ctx.db.selectFrom('programs').select('id').where('id', '=', plain).executeTakeFirst()).toBeUndefined();

    const sold = await createProgram(ctx, admin.access);
    await ctx.request({ method: 'POST', url: `/classroom/programs/${sold}/payment/`, token: asha.access, body: {} });
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/programs/${sold}/`, token: admin.access })).status,
    ).toBe(204);
    const row = await ctx.db
      .selectFrom('programs')
      .select('is_active')
      .where('id', '=', sold)
      .executeTakeFirstOrThrow();
    expect(row.is_active).toBe(0);
    expect((await ctx.request({ url: `/classroom/programs/${sold}/` })).status).toBe(404);
    expect((await ctx.db.selectFrom('payments').select('id').where('course_id', '=', sold).execute()).length).toBe(1);
    expect(
      (await ctx.request({ method: 'DELETE', url: '/classroom/programs/999999/', token: admin.access })).status,
    ).toBe(404);
  });
});

describe('deleting while payments start', () => {
  it('never leaves a payment pointing at a deleted program', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createProgram(ctx, admin.access);
      const students = await Promise.all(Array.from({ length: 3 }, (_, i) => ctx.user(`racer${round}_${i}`)));
      const results = await Promise.all([
        ctx.request({ method: 'DELETE', url: `/classroom/programs/${id}/`, token: admin.access }),
        ...students.map((s) =>
          ctx.request({ method: 'POST', url: `/classroom/programs/${id}/payment/`, token: s.access, body: {} }),
        ),
      ]);
      expect(results[0]!.status).toBe(204);
      for (const r of results.slice(1)) expect([201, 404]).toContain(r.status);
      const program = await ctx.db.selectFrom('programs').select('is_active').where('id', '=', id).executeTakeFirst();
      const payments = await ctx.db
        .selectFrom('payments')
        .select('id')
        .where('course_type', '=', 'program')
        .where('course_id', '=', id)
        .execute();
      if (payments.length > 0) expect(program).toEqual({ is_active: 0 });
      else expect(program).toBeUndefined();
    }
  });
});
