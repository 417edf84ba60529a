import { describe, expect, test } from 'vitest';
import {
  API,
  ASSIGNMENT_PATHS,
  DELIVERY_PATHS,
  type Enrollment,
  type InstructorAssignment,
} from '../../contract/index.ts';
import { adminToken, apiOk, list, login, STUDENT } from './support/api.ts';
import { useE2E } from './support/fixture.ts';
import { openLoggedIn, visible, waitForPath } from './support/ui.ts';

const e2e = useE2E();

/**
 * Assignments (decision record 051): an instructor (a user with role instructor, made the demo student's
 * batch's instructor through the admin API) creates an assignment; the demo student submits a PDF on the
 * course page; the instructor grades it; the student sees the marks and the feedback.
 */
describe('Assignments', () => {
  test('an instructor sets an assignment, the student submits a file, the instructor grades it', async () => {
    const admin = await adminToken(e2e.baseURL);
    const username = `teacher${Date.now().toString(36)}`;
    const teacher = await apiOk<{ id: number }>(e2e.baseURL, API.admin.users, {
      token: admin,
      body: {
        username,
        email: `${username}@example.in`,
        password: 'Teach3r-pass',
        first_name: 'Kavita',
        last_name: 'Iyer',
        role: 'instructor',
      },
    });
    const student = await login(e2e.baseURL, STUDENT.username, STUDENT.password);
    const enrollments = await list<Enrollment>(e2e.baseURL, API.enrollments.list, student.access);
    const enrollment = enrollments.find((e) => e.course_type === 'program' && e.is_active && e.batch)!;
    expect(enrollment, 'the demo student is enrolled in a batch').toBeDefined();
    const batchId = enrollment.batch!.id;
    await apiOk(e2e.baseURL, DELIVERY_PATHS.adminBatch(batchId), {
      method: 'PATCH',
      token: admin,
      body: { instructor: teacher.id },
    });
    const instructor = await login(e2e.baseURL, username, 'Teach3r-pass');
    const title = `Ratio analysis note ${Date.now().toString(36)}`;

    // The instructor creates the assignment on the batch's page.
    const teach = await e2e.newPage();
    await openLoggedIn(teach, instructor, `/teach/batches/${batchId}/assignments`);
    await teach.getByRole('button', { name: 'New assignment' }).click();
    await teach.getByLabel('Title').fill(title);
    await teach.getByLabel('Instructions (Markdown)').fill('Compute the **current ratio** and explain it.');
    await teach.getByLabel('Due (India Standard Time)').fill('2030-01-15T23:59');
    await teach.getByLabel('Maximum marks').fill('20');
    await teach.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(teach.getByRole('link', { name: title }));
    const created = (
      await apiOk<InstructorAssignment[]>(e2e.baseURL, ASSIGNMENT_PATHS.batchAssignments(batchId), {
        token: instructor.access,
      })
    ).find((a) => a.title === title)!;
    expect(created).toMatchObject({ max_marks: 20, due_at: '2030-01-15T18:29:00.000Z', submitted: 0 });

    // The student submits a PDF on the course page.
    const learn = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await openLoggedIn(learn, student, `/learn/${enrollment.id}`);
    const card = learn.getByRole('article').filter({ has: learn.getByRole('heading', { name: title }) });
    await visible(card.getByText('Not submitted'));
    await visible(card.getByText('current ratio'));
    await card.getByLabel('Your answer').fill('My working is in the attached note.');
    await card.getByLabel('File (optional)').setInputFiles({
      name: 'ratio-note.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%ratio note\n1 0 obj\n<<>>\nendobj\n'),
    });
    await card.getByRole('button', { name: 'Submit', exact: true }).click();
    await visible(card.getByRole('button', { name: 'Resubmit' }));
    await visible(card.getByRole('button', { name: 'ratio-note.pdf' }));
    const overflow = await learn.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The instructor grades it.
    await teach.getByRole('link', { name: title }).click();
    await waitForPath(teach, `/teach/assignments/${created.id}`);
    await visible(teach.getByRole('button', { name: 'Download ratio-note.pdf' }));
    await teach.getByRole('button', { name: /^Grade / }).click();
    await teach.getByLabel(/^Marks/).fill('17');
    await teach.getByLabel('Feedback').fill('Clear working; compare with the industry average.');
    await teach.getByRole('button', { name: 'Save grade' }).click();
    await visible(teach.getByText('Grade saved. The student has been emailed.'));

    // The student sees the grade.
    await learn.reload();
    const graded = learn.getByRole('article').filter({ has: learn.getByRole('heading', { name: title }) });
    await visible(graded.getByText('Marks: 17 / 20'));
    await visible(graded.getByText('Feedback: Clear working; compare with the industry average.'));
    await expect.poll(() => graded.getByRole('button', { name: 'Resubmit' }).count()).toBe(0);
  });
});
