import { describe, expect, it } from 'vitest';
import {
  API,
  MESSAGES,
  type Faculty,
  type Program,
  type Resource,
  type SuccessStory,
  type Testimonial,
  type Workshop,
} from '../../contract/index.ts';
import { PRELOAD_TESTIMONIALS } from '../../src/features/marketing/preload-keys.ts';
import { PRELOAD } from '../../src/lib/preloaded.ts';
import { formatINR } from '../../src/utils/format.ts';
import {
  BASE,
  admin,
  ctx,
  headOf,
  jsonLd,
  page,
  preloaded,
  rootText,
  titleOf,
  useServerRenderingApp,
} from './support/server-rendering-app.ts';

/**
 * The first HTML of every public page, read as a crawler reads it (no JavaScript): its content from the
 * database, its head (title, description, canonical, Open Graph, Twitter, JSON-LD) and the embedded
 * data the SPA hydrates from, which must be exactly what the API answers.
 */

useServerRenderingApp();

async function apiList<T>(url: string): Promise<T[]> {
  return (await ctx.request({ url })).body as T[];
}

describe('the catalogue in the first HTML', () => {
  it('/programs: every active program with its price, a Course with an Offer in INR each, the API answer embedded', async () => {
    const programs = await apiList<Program>(API.programs.list);
    expect(programs.length).toBeGreaterThan(2);
    const { html } = await page('/programs');
    const text = rootText(html);
    expect(text).not.toContain(MESSAGES.programsLoading);
    const courses = jsonLd(html).filter((d) => d['@type'] === 'Course');
    expect(courses).toHaveLength(programs.length);
    for (const program of programs) {
      expect(text).toContain(program.title);
      expect(text).toContain(formatINR(program.price));
      expect(html).toContain(`href="/programs/${program.id}"`);
      expect(courses).toContainEqual(
        expect.objectContaining({
          name: program.title,
          url: `${BASE}/programs/${program.id}`,
          offers: expect.objectContaining({ '@type': 'Offer', price: program.price, priceCurrency: 'INR' }),
        }),
      );
    }
    expect(preloaded(html)[PRELOAD.programs]).toEqual(programs);
  });

  it("/programs/{id}: the full description, the instructor, Enroll Now, the program's head and Course", async () => {
    const [program] = (await apiList<Program>(API.programs.list)).filter((p) => p.instructor);
    const { status, html } = await page(`/programs/${program!.id}`);
    expect(status).toBe(200);
    const text = rootText(html);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${program!.title}</h1>`));
    expect(text).toContain(program!.description);
    expect(text).toContain(`${program!.instructor!.first_name} ${program!.instructor!.last_name}`);
    expect(text).toContain(formatINR(program!.price));
    expect(html).toMatch(new RegExp(`<a[^>]*href="/payment/program/${program!.id}"[^>]*>Enroll Now</a>`));
    expect(titleOf(html)).toBe(`${program!.title} | Credit Careers Institute`);
    expect(headOf(html)).toContain(`<link rel="canonical" href="${BASE}/programs/${program!.id}" />`);
    const course = jsonLd(html).find((d) => d['@type'] === 'Course');
    expect(course).toMatchObject({
      name: program!.title,
      description: program!.description,
      offers: { '@type': 'Offer', price: program!.price, priceCurrency: 'INR' },
      provider: { '@type': 'EducationalOrganization' },
    });
    expect(preloaded(html)[PRELOAD.program(program!.id)]).toEqual(
      (await ctx.request({ url: API.programs.detail(program!.id) })).body,
    );
  });

  it('/workshops: every upcoming workshop, an Event each with its INR offer', async () => {
    const workshops = await apiList<Workshop>(`${API.workshops.list}?upcoming=true`);
    expect(workshops.length).toBeGreaterThan(0);
    const { html } = await page('/workshops');
    const text = rootText(html);
    const events = jsonLd(html).filter((d) => d['@type'] === 'Event');
    expect(events).toHaveLength(workshops.length);
    for (const workshop of workshops) {
      expect(text).toContain(workshop.title);
      expect(events).toContainEqual(
        expect.objectContaining({
          name: workshop.title,
          startDate: new Date(workshop.date).toISOString(),
          offers: expect.objectContaining({ price: workshop.price, priceCurrency: 'INR' }),
        }),
      );
    }
    expect(preloaded(html)[PRELOAD.workshopsUpcoming]).toEqual(workshops);
  });

  it('/faculty, /placement and /resources: the featured faculty, success stories and resources', async () => {
    const faculty = await apiList<Faculty>(`${API.faculty.list}?featured=true`);
    const facultyHtml = (await page('/faculty')).html;
    for (const member of faculty)
      expect(rootText(facultyHtml)).toContain(`${member.user.first_name} ${member.user.last_name}`);
    expect(preloaded(facultyHtml)[PRELOAD.faculty]).toEqual(faculty);

    const stories = await apiList<SuccessStory>(`${API.successStories.list}?featured=true`);
    const placementHtml = (await page('/placement')).html;
    expect(stories.length).toBeGreaterThan(0);
    for (const story of stories) {
      // Each consented item and the course beside it (decision record 079); items not consented are absent.
      expect(rootText(placementHtml)).toContain(story.story);
      expect(rootText(placementHtml)).toContain(story.course.batch_name);
      if (story.student_name) expect(rootText(placementHtml)).toContain(story.student_name);
      if (story.placement_company_name) expect(rootText(placementHtml)).toContain(story.placement_company_name);
    }
    expect(preloaded(placementHtml)[PRELOAD.successStories]).toEqual(stories);
    // The featured testimonials, as GET /classroom/testimonials/?featured=true answers them.
    const testimonials = await apiList<Testimonial>(`${API.testimonials.list}?featured=true`);
    expect(testimonials.length).toBeGreaterThan(0);
    for (const testimonial of testimonials) {
      expect(rootText(placementHtml)).toContain(testimonial.title);
      expect(rootText(placementHtml)).toContain(testimonial.description);
    }
    expect(preloaded(placementHtml)[PRELOAD_TESTIMONIALS]).toEqual(testimonials);

    const resources = await apiList<Resource>(`${API.resources.list}?featured=true`);
    const resourcesHtml = (await page('/resources')).html;
    for (const resource of resources) expect(rootText(resourcesHtml)).toContain(resource.title);
    expect(preloaded(resourcesHtml)[PRELOAD.resources]).toEqual(resources);
    expect(faculty.length * stories.length * resources.length).toBeGreaterThan(0);
  });

  it("an administrator's new featured testimonial shows on the next load of /placement", async () => {
    const before = await page('/placement');
    const title = 'Placed at a rating agency in six weeks';
    expect(rootText(before.html)).not.toContain(title);
    const created = await ctx.request({
      method: 'POST',
      url: API.testimonials.create,
      token: admin.access,
      body: { title, name: 'Kavya S', description: 'The mock committee was the interview.', is_featured: true },
    });
    expect(created.status).toBe(201);
    const after = await page('/placement');
    expect(rootText(after.html)).toContain(title);
    expect(rootText(after.html)).toContain('Kavya S');
    const removed = await ctx.request({
      method: 'DELETE',
      url: API.testimonials.remove((created.body as { id: number }).id),
      token: admin.access,
    });
    expect(removed.status).toBe(204);
    expect(rootText((await page('/placement')).html)).not.toContain(title);
  });

  it("an administrator's edit shows on the next load of the public pages", async () => {
    const [program] = await apiList<Program>(API.programs.list);
    const detail = (await ctx.request({ url: API.programs.detail(program!.id) })).body as Record<string, unknown>;
    const title = 'Credit Risk Masterclass (New Batch)';
    const edited = await ctx.request({
      method: 'PUT',
      url: API.programs.update(program!.id),
      token: admin.access,
      body: { ...detail, title, price: 31_999 },
    });
    expect(edited.status).toBe(200);
    const list = await page('/programs');
    expect(rootText(list.html)).toContain(title);
    expect(rootText(list.html)).toContain(formatINR(31_999));
    const own = await page(`/programs/${program!.id}`);
    expect(titleOf(own.html)).toBe(`${title} | Credit Careers Institute`);
    expect(jsonLd(own.html).find((d) => d['@type'] === 'Course')).toMatchObject({ offers: { price: 31_999 } });
  });

  it('the login page carries the demo configuration, so its box renders without a fetch', async () => {
    const { html } = await page('/login');
    expect(rootText(html)).toContain('Demo Credentials');
    expect(preloaded(html)[PRELOAD.config]).toEqual((await ctx.request({ url: API.config })).body);
  });

  it('an unknown URL is the not-found page with 404 and noindex; no canonical', async () => {
    const { status, html } = await page('/programs-old/42');
    expect(status).toBe(404);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${MESSAGES.pageNotFound}</h1>`));
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
  });
});
