import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { api, apiOk, list, login, STUDENT } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { forceFont, LAYOUT_FONTS } from './support/fonts.ts';
import { escapeRegExp, loginForm, openLoggedIn, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/** The demo student's program enrollment in a running batch, and its course page as the API answers it. */
async function demoCourse(): Promise<{ token: string; course: Course }> {
  const { access } = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
  const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, access);
  const withBatch = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch);
  expect(withBatch, 'the demo student is enrolled in a batch').toBeDefined();
  const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(withBatch!.id), { token: access });
  return { token: access, course };
}

describe('The student course page', () => {
  test('the demo student opens the course from the dashboard, marks a lesson done and sees progress move', async () => {
    const { token, course } = await demoCourse();
    const lessons = course.modules.flatMap((m) => m.lessons);
    const todo = lessons.find((l) => !l.completed)!;
    expect(lessons.some((l) => l.completed)).toBe(true);
    const expected = Math.floor(((lessons.filter((l) => l.completed).length + 1) * 100) / lessons.length);

    // A 390 px phone.
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(STUDENT.username);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.program.title }) });
    await card.getByRole('link', { name: 'Access Course Materials' }).click();
    await waitForPath(page, `/learn/${course.enrollment_id}`);
    await visible(page.getByRole('heading', { level: 1, name: course.program.title }));
    const progress = page.getByRole('progressbar', { name: 'Course progress' });
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe(String(course.progress_percentage));
    await visible(page.getByText('Times are India Standard Time (IST).'));

    await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(todo.title)}`) }).click();
    await visible(page.getByRole('heading', { level: 2, name: todo.title }));
    await page.getByRole('button', { name: 'Mark complete' }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe(String(expected));
    await visible(page.getByRole('button', { name: /mark not done/i }));
    // No serious or critical accessibility violation with a lesson open.
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/learn', violations)).toEqual([]);
    // Nothing is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The server counted it.
    const after = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(course.enrollment_id), { token });
    expect(after.progress_percentage).toBe(expected);
    expect(after.modules.flatMap((m) => m.lessons).find((l) => l.id === todo.id)?.completed).toBe(true);
  });

  test('a visitor opens a preview lesson and is refused a paid one', async () => {
    const { course } = await demoCourse();
    const lessons = course.modules.flatMap((m) => m.lessons);
    const preview = lessons.find((l) => l.is_preview)!;
    const paid = lessons.find((l) => !l.is_preview)!;
    expect(preview && paid).toBeTruthy();
    const page = await e2e.newPage();
    await page.goto('/');
    const fetchLesson = (id: number) =>
      page.evaluate(async (url) => {
        const res = await fetch(url, { headers: { Accept: 'application/json' } });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      }, DELIVERY_PATHS.lesson(id));
    const open = await fetchLesson(preview.id);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: preview.id, title: preview.title, is_preview: true });
    const refused = await fetchLesson(paid.id);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toContain('Log in to open this lesson.');
    // And the same from the API without a token.
    expect((await api(e2e.baseURL, DELIVERY_PATHS.lesson(paid.id))).status).toBe(401);
  });

  // The phone's width check in the wide and the narrow face, whatever this machine's default font is.
  test.each(LAYOUT_FONTS)('in %s, the course page with a lesson open is no wider than a 390 px phone', async (font) => {
    const { course } = await demoCourse();
    const lesson = course.modules.flatMap((m) => m.lessons)[0]!;
    const tokens = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const context = await e2e.newContext({ viewport: { width: 390, height: 844 } });
    await forceFont(context, font);
    const page = await context.newPage();
    await openLoggedIn(page, tokens, `/learn/${course.enrollment_id}`);
    await visible(page.getByRole('heading', { level: 1, name: course.program.title }));
    await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(lesson.title)}`) }).click();
    await visible(page.getByRole('heading', { level: 2, name: lesson.title }));
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
