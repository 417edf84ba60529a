import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { apiOk, list, login, STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/**
 * Video lessons play (decision record 066): the course page's answer lets frames show YouTube's
 * privacy-enhanced player and Vimeo's, and nothing else does. The machine has no internet, so the test
 * asserts on the Content Security Policy (no violation reported for the frame), not on the video playing.
 */
describe('A video lesson on the course page', () => {
  test('its player frame is not blocked, with a Watch on YouTube link under it; other pages still frame nothing', async () => {
    const { access } = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, access);
    const enrollment = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch)!;
    const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(enrollment.id), { token: access });
    const video = course.modules.flatMap((m) => m.lessons).find((l) => l.kind === 'video');
    expect(video, 'the demo course has a video lesson').toBeDefined();

    const page = await e2e.newPage();
    // Every CSP violation the page reports, from the first script on, and the console's CSP reports.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const consoleCsp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to frame/i.test(message.text())) consoleCsp.push(message.text());
    });

    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(STUDENT.username);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    // The dashboard's own answer frames nothing.
    const dashboard = await page.request.get('/dashboard');
    expect(dashboard.headers()['content-security-policy']).toContain("frame-src 'none'");

    // From the dashboard inside the app: the course page is loaded with its own policy.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.program.title }) });
    await card.getByRole('link', { name: 'Access Course Materials' }).click();
    await waitForPath(page, `/learn/${enrollment.id}`);
    await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(video!.title)}`) }).click();
    const frame = page.locator(`iframe[title="${video!.title}"]`);
    await visible(frame);
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+$/);
    const watch = page.getByRole('link', { name: 'Watch on YouTube' });
    await visible(watch);
    expect(await watch.getAttribute('href')).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);

    // The frame's navigation was tried (offline it ends on an error page) without the policy refusing it.
    await (await frame.elementHandle())!.contentFrame().then((f) => f?.waitForLoadState());
    // A marker the policy does refuse (an image from elsewhere): once its report is in, any report about
    // the frame, made earlier, is in too.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://marker.invalid/x.png';
      document.body.append(img);
    });
    const reports = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await expect.poll(reports).toContain('img-src https://marker.invalid/x.png');
    expect((await reports()).filter((r) => !r.startsWith('img-src'))).toEqual([]);
    expect(consoleCsp.filter((m) => /frame/i.test(m))).toEqual([]);
    const answer = await page.request.get(`/learn/${enrollment.id}`);
    const policy = answer.headers()['content-security-policy'] ?? '';
    expect(policy).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
  });

  test('the policy is what the test listens for: a page that frames nothing reports the blocked frame', async () => {
    const page = await e2e.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.effectiveDirective));
    });
    await page.goto('/about');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://www.youtube-nocookie.com/embed/ZAkm7bMCWUc';
      document.body.append(frame);
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))
      .toContain('frame-src');
  });
});
