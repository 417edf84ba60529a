import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Faculty,
  Program,
  Resource,
  SuccessStory,
  Testimonial,
  Workshop,
  durationMonths,
} from '../../contract/index.ts';
import {
  completeThroughGateway,
  createProgram,
  createWorkshop,
  programInput,
  workshopInput,
} from './support/fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { createAppWithUsers } from './support/users.ts';

let ctx: TestContext;
let admin: TestUser;
let asha: TestUser;

beforeAll(async () => {
  ({
    ctx,
    admin,
    students: { asha },
  } = await createAppWithUsers('asha'));
});
afterAll(async () => ctx?.close());

const list = async <T>(url: string, token?: string) => {
  const res = await ctx.request({ url, token });
  expect(res.status).toBe(200);
  return res.body as T[];
};

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

describe('workshops', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const day = 86_400_000;
    ids = {
      soonFree: await createWorkshop(ctx, admin.access, {
        title: 'Soon Free',
        price: 0,
        date: new Date(Date.now() + day).toISOString(),
      }),
      later: await createWorkshop(ctx, admin.access, {
        title: 'Later Paid',
        date: new Date(Date.now() + 9 * day).toISOString(),
      }),
      past: await createWorkshop(ctx, admin.access, {
        title: 'Past Paid',
        date: new Date(Date.now() - 3 * day).toISOString(),
      }),
      pastFree: await createWorkshop(ctx, admin.access, {
        title: 'Past Free',
        price: 0,
        date: new Date(Date.now() - 9 * day).toISOString(),
      }),
      hidden: await createWorkshop(ctx, admin.access, { title: 'Hidden', is_active: false }),
    };
  });

  it.each([
    ['', ['Past Free', 'Past Paid', 'Soon Free', 'Later Paid']],
    ['upcoming=true', ['Soon Free', 'Later Paid']],
    ['past=true', ['Past Paid', 'Past Free']],
    ['is_free=true', ['Past Free', 'Soon Free']],
    ['is_free=true&upcoming=true', ['Soon Free']],
  ])('lists with %s', async (query, titles) => {
    const workshops = await list<Workshop>(`/classroom/workshops/?${query}`);
    expect(workshops.map((w) => w.title)).toEqual(titles);
    for (const w of workshops) expect(Workshop.parse(w)).toEqual(w);
  });

  it('derives is_free from the price and shows seats', async () => {
    const res = await ctx.request({ url: `/classroom/workshops/${ids.soonFree}/` });
    expect(res.body).toMatchObject({
      is_free: true,
      price: 0,
      current_participants: 0,
      max_participants: 40,
      is_live: true,
    });
    expect((await ctx.request({ url: `/classroom/workshops/${ids.hidden}/` })).status).toBe(404);
    expect(
      (await list<Workshop>('/classroom/workshops/?include_inactive=true', admin.access)).some(
        (w) => w.id === ids.hidden,
      ),
    ).toBe(true);
  });

  it('validates writes; max participants never drop below the seats taken', async () => {
    const bad = await ctx.request({
      method: 'POST',
      url: '/classroom/workshops/create/',
      token: admin.access,
      body: { title: '', date: 'tomorrow', duration_hours: 0, max_participants: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: ['Title is required.'],
      date: ['Date must be an ISO date-time.'],
      duration_hours: ['Duration must be more than 0 hours.'],
      max_participants: ['Maximum participants must be at least 1.'],
    });

    const id = await createWorkshop(ctx, admin.access, { max_participants: 5 });
    const payment = (
      await ctx.request({ method: 'POST', url: `/classroom/workshops/${id}/payment/`, token: asha.access, body: {} })
    ).body as { id: number };
    await completeThroughGateway(ctx, asha.access, payment.id);
    const shrink = await ctx.request({
      method: 'PUT',
      url: `/classroom/workshops/${id}/update/`,
      token: admin.access,
      body: workshopInput({ max_participants: 0 }),
    });
    expect(shrink.status).toBe(400);
    const ok = await ctx.request({
      method: 'PUT',
      url: `/classroom/workshops/${id}/update/`,
      token: admin.access,
      body: workshopInput({ title: 'Renamed', max_participants: 1 }),
    });
    expect(ok).toMatchObject({ status: 200, body: { title: 'Renamed', max_participants: 1, current_participants: 1 } });
    // It has history: deleting archives it.
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/workshops/${id}/delete/`, token: admin.access })).status,
    ).toBe(204);
    expect(
      (await ctx.db.selectFrom('workshops').select('is_active').where('id', '=', id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(0);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/workshops/${ids.later}/delete/`, token: admin.access }))
        .status,
    ).toBe(204);
    expect(
      await ctx.db.selectFrom('workshops').select('id').where('id', '=', ids.later!).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('faculty, testimonials, success stories, resources', () => {
  const cases = [
    {
      name: 'faculty',
      base: '/classroom/faculty',
      schema: Faculty,
      valid: {
        first_name: 'Rajesh',
        last_name: 'Iyer',
        email: 'rajesh@example.in',
        expertise: 'Corporate credit',
        experience_years: 22,
        previous_companies: 'SBI, CRISIL',
        linkedin_url: 'https://www.linkedin.com/in/rajesh',
        is_featured: true,
      },
      other: {
        first_name: 'Kavita',
        last_name: 'Rao',
        email: 'kavita@example.in',
        expertise: 'Research',
        experience_years: 10,
      },
      invalid: { first_name: '', email: 'nope', experience_years: 'ten', linkedin_url: 'ftp://x' },
      errors: {
        first_name: ['First name is required.'],
        email: ['Enter a valid email address.'],
        linkedin_url: ['LinkedIn URL must be a valid http(s) URL.'],
      },
      featuredParam: 'featured',
      check: (item: Record<string, unknown>) =>
        expect(item).toMatchObject({
          user: { first_name: 'Rajesh', last_name: 'Iyer', email: 'rajesh@example.in' },
          previous_companies: 'SBI, CRISIL',
        }),
    },
    {
      name: 'testimonials',
      base: '/classroom/testimonials',
      schema: Testimonial,
      valid: { title: 'Great course', name: 'Sneha', description: 'Loved it', is_featured: true },
      other: { title: 'Fine' },
      invalid: { title: '' },
      errors: { title: ['Title is required.'] },
      featuredParam: 'featured',
      check: (item: Record<string, unknown>) => expect(item).toMatchObject({ title: 'Great course', name: 'Sneha' }),
    },
    {
      name: 'success stories',
      base: '/classroom/success-stories',
      schema: SuccessStory,
      valid: {
        student_name: 'Aarav Sharma',
        placement_company_name: 'CRISIL',
        designation: 'Analyst',
        salary: '8.5 LPA',
        story: 'Got placed',
        is_featured: true,
      },
      other: { student_name: 'Vikram' },
      invalid: { student_name: '' },
      errors: { student_name: ['Student name is required.'] },
      featuredParam: 'featured',
      check: (item: Record<string, unknown>) =>
        expect(item).toMatchObject({ placement_company_name: 'CRISIL', salary: '8.5 LPA' }),
    },
    {
      name: 'resources',
      base: '/classroom/resources',
      schema: Resource,
      valid: {
        title: 'CMA Template',
        resource_type: 'template',
        external_url: 'https://example.in/cma.xlsx',
        is_featured: true,
      },
      other: { title: 'Podcast', resource_type: 'podcast', file: '/resources/p.mp3' },
      invalid: { title: '', resource_type: 'book', external_url: 'javascript:alert(1)' },
      errors: {
        title: ['Title is required.'],
        resource_type: [expect.stringContaining('Resource type must be one of')],
        external_url: ['External URL must be a valid http(s) URL.'],
      },
      featuredParam: 'featured',
      check: (item: Record<string, unknown>) =>
        expect(item).toMatchObject({
          resource_type: 'template',
          external_url: 'https://example.in/cma.xlsx',
          file: null,
          author: null,
        }),
    },
  ];

  it.each(cases)('$name: create, list (featured filter), update, validate, delete', async (c) => {
    const created = await ctx.request({ method: 'POST', url: `${c.base}/create/`, token: admin.access, body: c.valid });
    expect(created.status).toBe(201);
    const item = c.schema.parse(created.body) as { id: number } & Record<string, unknown>;
    c.check(item);
    const other = await ctx.request({ method: 'POST', url: `${c.base}/create/`, token: admin.access, body: c.other });
    expect(other.status).toBe(201);

    const all = await list<{ id: number }>(`${c.base}/`);
    expect(all.map((x) => x.id)).toEqual(expect.arrayContaining([item.id, (other.body as { id: number }).id]));
    const featured = await list<{ id: number; is_featured: boolean }>(`${c.base}/?${c.featuredParam}=true`);
    expect(featured.every((x) => x.is_featured)).toBe(true);
    expect(featured.map((x) => x.id)).toContain(item.id);
    expect((await ctx.request({ url: `${c.base}/?featured=maybe` })).status).toBe(400);

    const updated = await ctx.request({
      method: 'PUT',
      url: `${c.base}/${item.id}/update/`,
      token: admin.access,
      body: { ...c.valid, is_featured: false },
    });
    expect(updated).toMatchObject({ status: 200, body: { id: item.id, is_featured: false } });
    const invalid = await ctx.request({
      method: 'POST',
      url: `${c.base}/create/`,
      token: admin.access,
      body: c.invalid,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject(c.errors);
    expect(
      (await ctx.request({ method: 'PUT', url: `${c.base}/999999/update/`, token: admin.access, body: c.valid }))
        .status,
    ).toBe(404);

    expect(
      (await ctx.request({ method: 'DELETE', url: `${c.base}/${item.id}/delete/`, token: admin.access })).status,
    ).toBe(204);
    expect((await list<{ id: number }>(`${c.base}/`)).some((x) => x.id === item.id)).toBe(false);
    expect(
      (await ctx.request({ method: 'DELETE', url: `${c.base}/${item.id}/delete/`, token: admin.access })).status,
    ).toBe(404);
  });

  it('filters resources by type', async () => {
    const resources = await list<Resource>('/classroom/resources/?resource_type=podcast');
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((r) => r.resource_type === 'podcast')).toBe(true);
    expect((await ctx.request({ url: '/classroom/resources/?resource_type=book' })).status).toBe(400);
  });

  it('deleting a faculty member keeps their programs, without an instructor', async () => {
    const faculty = (
      await ctx.request({
        method: 'POST',
        url: '/classroom/faculty/create/',
        token: admin.access,
        body: cases[0]!.valid,
      })
    ).body as { id: number };
    const programId = await createProgram(ctx, admin.access);
    await ctx.db.updateTable('programs').set({ instructor_id: faculty.id }).where('id', '=', programId).execute();
    expect((await ctx.request({ url: `/classroom/programs/${programId}/` })).body).toMatchObject({
      instructor: { first_name: 'Rajesh', last_name: 'Iyer' },
    });
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/faculty/${faculty.id}/delete/`, token: admin.access }))
        .status,
    ).toBe(204);
    expect((await ctx.request({ url: `/classroom/programs/${programId}/` })).body).toMatchObject({ instructor: null });
  });
});

describe('instructors and authors', () => {
  it('sets, keeps (omitted), clears (null) and checks the faculty reference', async () => {
    const faculty = (
      await ctx.request({
        method: 'POST',
        url: '/classroom/faculty/create/',
        token: admin.access,
        body: {
          first_name: 'Meera',
          last_name: 'Krishnan',
          email: 'meera@example.in',
          expertise: 'NBFC',
          experience_years: 15,
        },
      })
    ).body as { id: number };
    const created = await ctx.request({
      method: 'POST',
      url: '/classroom/programs/',
      token: admin.access,
      body: programInput({ instructor_id: faculty.id }),
    });
    expect(created.body).toMatchObject({
      instructor_id: faculty.id,
      instructor: { first_name: 'Meera', last_name: 'Krishnan' },
    });
    const id = (created.body as { id: number }).id;
    const kept = await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${id}/`,
      token: admin.access,
      body: programInput({ title: 'Kept' }),
    });
    expect(kept.body).toMatchObject({ title: 'Kept', instructor_id: faculty.id });
    const cleared = await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${id}/`,
      token: admin.access,
      body: programInput({ instructor_id: null }),
    });
    expect(cleared.body).toMatchObject({ instructor_id: null, instructor: null });
    const unknown = await ctx.request({
      method: 'PUT',
      url: `/classroom/programs/${id}/`,
      token: admin.access,
      body: programInput({ instructor_id: 999_999 }),
    });
    expect(unknown).toMatchObject({ status: 400, body: { instructor_id: ['Unknown faculty member.'] } });

    const workshop = await ctx.request({
      method: 'POST',
      url: '/classroom/workshops/create/',
      token: admin.access,
      body: workshopInput({ instructor_id: faculty.id }),
    });
    expect(workshop.body).toMatchObject({ instructor_id: faculty.id, instructor: { first_name: 'Meera' } });
    const resource = await ctx.request({
      method: 'POST',
      url: '/classroom/resources/create/',
      token: admin.access,
      body: { title: 'Guide', author_id: faculty.id },
    });
    expect(resource.body).toMatchObject({
      author_id: faculty.id,
      author: { first_name: 'Meera', last_name: 'Krishnan' },
    });
    const badResource = await ctx.request({
      method: 'POST',
      url: '/classroom/resources/create/',
      token: admin.access,
      body: { title: 'Guide', author_id: 'x' },
    });
    expect(badResource).toMatchObject({ status: 400, body: { author_id: ["Author must be a faculty member's id."] } });
  });
});
