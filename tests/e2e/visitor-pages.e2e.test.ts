import { describe, expect, test } from 'vitest';
import {
  API,
  type Faculty,
  type Program,
  type Resource,
  type SuccessStory,
  type Workshop,
} from '../../contract/index.ts';
import { list } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { exactly, header, titleOf, visible } from './support/ui.ts';
import { networkQuiet } from './support/browser.ts';

const e2e = useE2E();

describe('Visitor', () => {
  test('every public route renders its content from the server', async () => {
    const base = e2e.baseURL;
    const [programs, faculty, upcoming, stories, resources] = await Promise.all([
      list<Program>(base, API.programs.list),
      list<Faculty>(base, `${API.faculty.list}?featured=true`),
      list<Workshop>(base, `${API.workshops.list}?upcoming=true`),
      list<SuccessStory>(base, `${API.successStories.list}?featured=true`),
      list<Resource>(base, `${API.resources.list}?featured=true`),
    ]);
    for (const [what, n] of Object.entries({
      programs: programs.length,
      faculty: faculty.length,
      upcoming: upcoming.length,
      stories: stories.length,
      resources: resources.length,
    })) {
      expect(n, `seeded ${what}`).toBeGreaterThan(0);
    }
    const page = await e2e.newPage();

    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: 'From Classroom to Credit Markets' }));
    for (const name of ['Home', 'About', 'Programs', 'Faculty', 'Workshops', 'Placement', 'Resources']) {
      await visible(header(page).getByRole('link', { name: exactly(name) }));
    }
    await visible(header(page).getByRole('link', { name: exactly('Login') }));
    await visible(header(page).getByRole('link', { name: exactly('Apply Now') }));

    await page.goto('/programs');
    for (const p of programs) await visible(titleOf(page, p.title));

    await page.goto('/faculty');
    for (const f of faculty) await visible(page.getByText(`${f.user.first_name} ${f.user.last_name}`, { exact: true }));

    await page.goto('/about');
    await visible(page.getByRole('heading', { level: 1 }));

    await page.goto('/workshops');
    for (const w of upcoming) await visible(titleOf(page, w.title));

    await page.goto('/placement');
    for (const s of stories) await visible(page.getByText(s.student_name ?? s.story, { exact: true }));

    await page.goto('/resources');
    for (const r of resources) await visible(titleOf(page, r.title));
  });

  test('each public page hydrates the server markup in one pass, without fetching its data again', async () => {
    for (const path of [
      '/',
      '/programs',
      '/faculty',
      '/about',
      '/workshops',
      '/placement',
      '/resources',
      '/login',
      '/register',
      '/contact',
    ]) {
      const page = await e2e.newPage();
      const errors: string[] = [];
      const calls: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/(api|auth|classroom)\//.test(url.pathname)) calls.push(`${request.method()} ${url.pathname}`);
      });
      await page.goto(path); // waits until the app has hydrated
      await networkQuiet(page);
      // React reports markup that does not match (it would render the page again) as a console error.
      expect(errors, `console errors on ${path}`).toEqual([]);
      expect(calls, `API calls on ${path}`).toEqual([]);
    }
  }, 240_000); // a limit against a hang while it walks every public page, not a timing
});
