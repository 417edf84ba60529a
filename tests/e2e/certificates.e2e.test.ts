import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { API, DELIVERY_PATHS, type Course, type Enrollment } from '../../contract/index.ts';
import { pdfText } from '../api/support/pdf-text.ts';
import { apiOk, list, login } from './support/api.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useE2E } from './support/fixture.ts';
import { loginForm, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/** The demo's certificate holder (server/domains/certificates/seed.ts): a completed program in an ended batch. */
const HOLDER = { username: 'priya.sharma', password: 'student123' } as const;

async function holderCourse(): Promise<Course> {
  const { access } = await login(e2e.baseURL, HOLDER.username, HOLDER.password);
  const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, access);
  const program = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch);
  expect(program, 'the demo holder has a program in a batch').toBeDefined();
  return apiOk<Course>(e2e.baseURL, DELIVERY_PATHS.course(program!.id), { token: access });
}

describe('Certificates', () => {
  test('a student downloads their certificate from the course page, and a visitor sees it valid', async () => {
    const course = await holderCourse();
    expect(course.certificate, 'the demo certificate is issued').not.toBeNull();
    const certificate = course.certificate!;

    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill(HOLDER.username);
    await form.password.fill(HOLDER.password);
    await form.submit.click();
    await waitForPath(page, '/dashboard');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.program.title }) });
    await visible(card.getByRole('link', { name: 'Download certificate' }));
    await card.getByRole('link', { name: 'Access Course Materials' }).click();
    await waitForPath(page, `/learn/${course.enrollment_id}`);
    const panel = page.getByRole('region', { name: 'Your certificate' });
    await visible(panel.getByText(`Certificate number ${certificate.number} is yours.`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: 'Download certificate' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Certificate ${certificate.number}.pdf`);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('Priya Sharma');
    expect(text).toContain(course.program.title);
    expect(text).toContain(certificate.code);
    const coursePageViolations = await seriousViolations(page);
    expect(coursePageViolations, describeViolations('/learn', coursePageViolations)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A visitor (no login) opens the verification page the QR code points to: plain server HTML, no SPA to
    // hydrate (goto waits for no hydration there), in a new context.
    const visitor = await (await e2e.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const answer = await visitor.goto(`/certificates/${certificate.code}`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await visible(visitor.getByRole('heading', { level: 1, name: `Certificate ${certificate.number}` }));
    await visible(visitor.getByRole('status').getByText(/^Valid: this certificate was issued by/));
    await visible(visitor.getByText('Priya Sharma'));
    await visible(visitor.getByText(course.program.title));
    const violations = await seriousViolations(visitor);
    expect(violations, describeViolations('/certificates/{code}', violations)).toEqual([]);
    const visitorOverflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(visitorOverflow).toBeLessThanOrEqual(0);

    const unknown = await visitor.goto('/certificates/not-a-real-certificate-code');
    expect(unknown?.status()).toBe(404);
    await visible(visitor.getByRole('heading', { level: 1, name: 'Certificate not found' }));
  });
});
