import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { apiOk, list, login, STUDENT } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, loginForm, openLoggedIn, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/** The demo student's course in a running batch, as the API answers it. */
async function demoCourse() {
  const tokens = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
  const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, tokens.access);
  const withBatch = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch);
  expect(withBatch, 'the demo student is enrolled in a batch').toBeDefined();
  const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(withBatch!.id), { token: tokens.access });
  return { tokens, course };
}

describe('The instructor area', () => {
  test('the demo instructor takes attendance of a held class; the student sees it on the course page', async () => {
    const { tokens, course } = await demoCourse();
    const batch = course.batch!;
    // The latest class already held.
    const held = course.sessions.filter((s) => Date.parse(s.starts_at) <= Date.now()).at(-1);
    expect(held, 'the running demo batch has held classes').toBeDefined();

    // A 390 px phone.
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(DEMO_INSTRUCTOR.username);
    await form.password.fill(DEMO_INSTRUCTOR.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    await page.goto('/teach');
    await visible(page.getByRole('heading', { level: 1, name: 'Your batches' }));
    // Batch names repeat across programs: the link to this batch by its address.
    await page.locator(`a[href="/teach/batches/${batch.id}"]`).click();
    await waitForPath(page, `/teach/batches/${batch.id}`);
    await visible(page.getByRole('heading', { level: 1, name: batch.name }));
    await visible(page.getByRole('row', { name: /Rahul Verma/ }));

    await page.getByRole('button', { name: new RegExp(`attendance for ${escapeRegExp(held!.title)}$`) }).click();
    const sheet = page.getByRole('region', { name: new RegExp(`Attendance: ${escapeRegExp(held!.title)}`) });
    const rahul = sheet.getByRole('checkbox', { name: /Rahul Verma/ });
    await visible(rahul);
    // No serious or critical accessibility violation with the sheet open; nothing wider than the phone.
    const violations = await seriousViolations(page);
    expect(violations, describeViolations('/teach/batches', violations)).toEqual([]);
    const { overflow, wider } = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      // What sticks out, to name in the failure.
      wider: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        // Not what a scroll area clips (its table scrolls inside it).
        .filter((el) => !el.parentElement?.closest('.scroll-area'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    }));
    expect(overflow, wider.join(', ')).toBeLessThanOrEqual(0);
    await rahul.check();
    await sheet.getByRole('button', { name: 'Save attendance' }).click();
    await visible(sheet.getByText(/Attendance saved: \d+ present, \d+ absent\./));

    // The student sees it on the course page.
    const after = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(course.enrollment_id), {
      token: tokens.access,
    });
    expect(after.attendance).toContainEqual({ session: held!.id, present: true });
    expect(after.attendance_percentage).toBeGreaterThan(0);
    const student = await e2e.newPage();
    await openLoggedIn(student, tokens, `/learn/${course.enrollment_id}`);
    await visible(student.getByRole('heading', { level: 1, name: course.program.title }));
    await visible(
      student.getByText(`Your attendance: ${after.attendance_percentage}% of the live classes held so far.`),
    );
    // The full timetable waits behind its heading's button (decision record 068): opened as a student would.
    const toggle = student.getByRole('button', { name: /^Timetable \(/ });
    await visible(toggle);
    await toggle.click();
    const timetable = student.getByRole('region', { name: /^Timetable/ });
    const row = timetable.getByRole('listitem').filter({ hasText: held!.title });
    await visible(row.getByText(/· Present$/));
  });
});
