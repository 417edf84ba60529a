import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { API, DELIVERY_PATHS, istToday, type Batch, type Course, type Enrollment } from '../../contract/index.ts';
import { ADMIN, apiOk, list, login, STUDENT } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { escapeRegExp, hidden, openLoggedIn, visible } from './support/ui.ts';

/**
 * The admin screens that move things, against the real server: an enrollment moved to another batch of its
 * program (Enrollments tab), and a lesson moved up (Curriculum tab), seen in the student's course outline.
 */
const e2e = useE2E();

async function expectAccessible(page: Page, where: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(
    violations.map((v) => `${v.impact} ${v.id}: ${v.help}`),
    describeViolations(where, violations),
  ).toEqual([]);
}

describe('Moving in the admin panel', () => {
  test('an administrator moves the demo student to the other batch, and a lesson up in the outline', async () => {
    const student = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const mine = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    const enrollment = mine.find((e) => e.course_type === 'program' && e.is_active && e.batch)!;
    expect(enrollment, 'the demo student is in a batch').toBeDefined();
    const adminTokens = await login(e2e.baseURL, ADMIN.username, ADMIN.password);
    const batches = await list<Batch>(
      e2e.baseURL,
      `${DELIVERY_PATHS.adminBatches}?course=${enrollment.course}`,
      adminTokens.access,
    );
    const target = batches.find(
      (b) => b.id !== enrollment.batch!.id && b.is_open && b.seats_left > 0 && b.ends_on >= istToday(),
    )!;
    expect(target, 'the program has another open batch with seats').toBeDefined();

    const page = await e2e.newPage();
    const email = (await apiOk<{ email: string }>(e2e.baseURL, API.me, { token: student.access })).email;
    await openLoggedIn(page, adminTokens, `/admin?tab=enrollments&search=${encodeURIComponent(email)}`);
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(enrollment.program!.title)) });
    await visible(row.getByRole('cell', { name: new RegExp(escapeRegExp(enrollment.batch!.name)) }));
    await row.getByRole('button', { name: 'Move to batch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move to another batch' });
    await dialog.getByRole('radio', { name: new RegExp(escapeRegExp(target.name)) }).check();
    await expectAccessible(page, 'the Move to another batch dialog');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await hidden(dialog);
    await visible(row.getByRole('cell', { name: new RegExp(escapeRegExp(target.name)) }));
    const after = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    expect(after.find((e) => e.id === enrollment.id)?.batch?.id).toBe(target.id);

    // The second lesson of the first module goes first.
    const course = await apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(enrollment.id), { token: student.access });
    const first = course.modules[0]!;
    const [one, two] = first.lessons;
    expect(one && two, 'the first module has two lessons').toBeTruthy();
    await page.goto(`/admin?tab=curriculum&program=${enrollment.course}&module=${first.id}`);
    const lessons = page.getByRole('region', { name: 'Lessons' });
    await lessons.getByRole('button', { name: `Move ${two!.title} up` }).click();
    await visible(lessons.getByRole('button', { name: `Move ${two!.title} down` }));
    await expect.poll(() => lessons.getByRole('row').nth(1).textContent()).toContain(two!.title);
    await expectAccessible(page, 'the Curriculum tab with Move up and Move down');

    const learner = await e2e.newPage();
    await openLoggedIn(learner, student, `/learn/${enrollment.id}`);
    const outline = learner.getByRole('navigation', { name: 'Lessons' });
    await visible(outline.getByRole('button', { name: new RegExp(`^${escapeRegExp(two!.title)}`) }));
    const shown = await outline.getByRole('button').allTextContents();
    const at = (title: string) => shown.findIndex((text) => text.replace(/^[✓○]/, '').startsWith(title));
    expect(at(two!.title)).toBeGreaterThanOrEqual(0);
    expect(at(two!.title)).toBeLessThan(at(one!.title));
  });
});
