import { describe, expect, it } from 'vitest';
import { Faculty, Resource, Testimonial } from '../../contract/index.ts';
import { createProgram, programInput, workshopInput } from './support/fixtures.ts';
import { admin, ctx, list, useAdminAndAsha } from './support/admin-and-asha.ts';

useAdminAndAsha();

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
