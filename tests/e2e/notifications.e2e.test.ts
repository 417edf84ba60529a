import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { NOTIFY_PATHS, type NotificationPage } from '../../contract/notifications.ts';
import { apiOk, list, login, STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, exactly, header, hidden, loginForm, openLoggedIn, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/** The demo student's course in a running batch (the demo instructor teaches it), as the API answers it. */
async function demoCourse() {
  const tokens = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
  const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, tokens.access);
  const withBatch = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch);
  expect(withBatch, 'the demo student is enrolled in a batch').toBeDefined();
  const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(withBatch!.id), { token: tokens.access });
  const unread = (await apiOk<NotificationPage>(e2e.baseURL, NOTIFY_PATHS.list, { token: tokens.access })).unread;
  return { tokens, course, unread };
}

/** The demo instructor's page of the batch, logged in through the form. */
async function instructorOn(batchId: number): Promise<Page> {
  const page = await e2e.newPage();
  await page.goto('/login');
  const form = loginForm(page);
  await form.username.fill(DEMO_INSTRUCTOR.username);
  await form.password.fill(DEMO_INSTRUCTOR.password);
  await form.submit.click();
  await waitForPath(page, '/dashboard');
  await page.goto(`/teach/batches/${batchId}`);
  return page;
}

const bellWith = (page: Page, unread: number) =>
  header(page).getByRole('button', {
    name: exactly(unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  });

/**
 * Notifications (decision records 073 and 074): the demo student's seeded notifications show on the
 * header's bell; marking them all read on /notifications takes the count away.
 */
describe('Notifications', () => {
  test('the demo student sees the bell’s unread count, opens /notifications, marks all read, the count goes', async () => {
    const page = await e2e.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(STUDENT.username);
    await form.password.fill(STUDENT.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');

    const bell = header(page).getByRole('button', { name: /^Notifications/ });
    await visible(header(page).getByRole('button', { name: exactly('Notifications, 3 unread') }));
    await bell.click();
    await header(page)
      .getByRole('link', { name: exactly('All notifications') })
      .click();
    await waitForPath(page, '/notifications');
    await visible(page.getByRole('heading', { level: 1, name: exactly('Notifications') }));
    await visible(page.getByRole('heading', { name: exactly('Notification settings') }));

    const list = page.getByRole('list', { name: exactly('Notifications') });
    await visible(list.getByText(exactly('New')).first());
    await page.getByRole('button', { name: exactly('Mark all as read') }).click();
    await hidden(list.getByText(exactly('New')));
    await visible(header(page).getByRole('button', { name: exactly('Notifications') }));
    await hidden(header(page).getByRole('button', { name: /unread/ }));
  });

  test('an announcement to the demo batch raises the demo student’s bell count without a reload', async () => {
    const { tokens, course, unread } = await demoCourse();
    const student = await e2e.newPage();
    await openLoggedIn(student, tokens, '/dashboard');
    await visible(bellWith(student, unread));

    const teacher = await instructorOn(course.batch!.id);
    const composer = teacher.getByRole('form', { name: exactly('Announce to the batch') });
    await composer.getByLabel(/^Title/).fill('Class moved to Thursday');
    await composer.getByLabel(/^Message/).fill('This week’s live class is on **Thursday** at 19:00 IST.');
    await composer.getByRole('button', { name: exactly('Post announcement') }).click();
    await visible(composer.getByText(/Posted to \d+ students? of the batch\./));

    // The stream of the count brings it (decision record 080), well before the bell's 60-second poll would.
    await visible(bellWith(student, unread + 1), 10_000);
    expect(student.url()).toMatch(/\/dashboard$/);
  });

  test('a question on a lesson: the student asks, the instructor replies and accepts it, the student is told', async () => {
    const { tokens, course } = await demoCourse();
    const lesson = course.modules.flatMap((m) => m.lessons)[0]!;
    const module = course.modules.find((m) => m.lessons.some((l) => l.id === lesson.id))!;
    const question = `Why is DSCR computed on EBITDA? (${Date.now()})`;

    const student = await e2e.newPage();
    await openLoggedIn(student, tokens, `/learn/${course.enrollment_id}`);
    await student.getByRole('button', { name: new RegExp(`^${escapeRegExp(lesson.title)}`) }).click();
    const asked = student.getByRole('region', { name: exactly('Questions on this lesson') });
    await asked.getByRole('button', { name: exactly('Ask a question') }).click();
    await asked.getByLabel(/^Your question/).fill(question);
    await asked.getByRole('button', { name: exactly('Ask') }).click();
    await visible(asked.getByText(exactly(question)));

    const teacher = await instructorOn(course.batch!.id);
    await teacher.getByLabel(exactly('Lesson')).selectOption({ label: `${module.title}: ${lesson.title}` });
    const thread = teacher.getByRole('region', { name: exactly('Questions on this lesson') });
    const item = thread.getByRole('article').filter({ hasText: question });
    await item.getByRole('button', { name: exactly('Reply') }).click();
    await item.getByLabel(/^Your reply/).fill('Because debt is serviced from operating cash.');
    await item
      .getByRole('form')
      .getByRole('button', { name: exactly('Reply') })
      .click();
    await visible(item.getByText(exactly('Because debt is serviced from operating cash.')));
    await item.getByRole('button', { name: exactly('Mark as accepted answer') }).click();
    await visible(item.getByText(exactly('✓ Accepted answer')));

    // The student's notifications say so, with the way back to the course.
    await student.goto('/notifications');
    const listed = student.getByRole('list', { name: exactly('Notifications') });
    await visible(listed.getByText(exactly('Your question has an accepted answer')));
    await visible(listed.getByText(/replied to your question$/));
    await student.goto(`/learn/${course.enrollment_id}`);
    await student.getByRole('button', { name: new RegExp(`^${escapeRegExp(lesson.title)}`) }).click();
    const mine = student.getByRole('article').filter({ hasText: question });
    await visible(mine.getByText(exactly('✓ Accepted answer')));
  });
});
