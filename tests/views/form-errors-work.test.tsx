import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, ASSIGNMENT_MESSAGES, ASSIGNMENT_PATHS, DELIVERY_PATHS, SERVER_MESSAGES } from '../../contract/index.ts';
import { sampleAssignment, sampleCourse, sampleLesson, sampleRoster } from '../support/models/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, student, instructor, flaggedEvent } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The working screens' refusals (decision 068), beside tests/views/form-errors*.test.tsx: grading, a
 * student's assignment submission and the office's reconciliation actions. The words appear inside the form,
 * card or dialog that was sent and take the keyboard focus. (Move to batch, attendance, the placement
 * opt-out and the offer report are walked in their own screens' tests with the same check.)
 */
describe('Refusals on the working screens show next to what was sent, focused', () => {
  it('Grading: marks above the maximum (lowered meanwhile) show in the grade form', async () => {
    const words = ASSIGNMENT_MESSAGES.marksAbove(15);
    const { user } = renderApp(`/teach/assignments/${sampleAssignment.id}`, {
      user: instructor,
      routes: {
        [`GET ${ASSIGNMENT_PATHS.assignmentSubmissions(sampleAssignment.id)}`]: ok(sampleRoster),
        [`POST ${ASSIGNMENT_PATHS.grade(71)}`]: fail(400, { marks: [words] }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Grade Priya Sharma' }));
    const form = () => screen.getByRole('form', { name: 'Grade Priya Sharma' });
    await user.type(within(form()).getByLabelText(/^Marks/), '18');
    await user.click(within(form()).getByRole('button', { name: 'Save grade' }));
    await expectRefusalAt(words, form);
  });

  it('Assignment: a refused submission shows in its assignment card, and what was written stays', async () => {
    const words = ASSIGNMENT_MESSAGES.alreadyGraded;
    const { user } = renderApp('/learn/5', {
      user: student,
      routes: {
        [`GET ${DELIVERY_PATHS.course(5)}`]: ok({ ...sampleCourse, assignments: [sampleAssignment] }),
        [`GET ${DELIVERY_PATHS.lesson(11)}`]: ok(sampleLesson(11)),
        [`GET ${DELIVERY_PATHS.lesson(12)}`]: ok(sampleLesson(12)),
        [`POST ${ASSIGNMENT_PATHS.submit(sampleAssignment.id)}`]: fail(400, { detail: words }),
      },
    });
    const card = () => screen.getByRole('article', { name: sampleAssignment.title });
    await user.type(
      await within(await screen.findByRole('article', { name: sampleAssignment.title })).findByLabelText('Your answer'),
      'My note.',
    );
    await user.click(within(card()).getByRole('button', { name: 'Submit' }));
    await expectRefusalAt(words, card);
    expect(within(card()).getByLabelText('Your answer')).toHaveValue('My note.');
  });

  it('Reconciliation: a refused Mark resolved shows in its dialog', async () => {
    const words = SERVER_MESSAGES.gatewayUnavailable;
    const { user } = renderApp('/admin?tab=reconciliation', {
      user: admin,
      routes: {
        [`GET ${API.adminStats}`]: ok({
          total_students: 1,
          total_programs: 1,
          total_faculty: 1,
          total_workshops: 1,
          total_revenue: 1,
        }),
        [`GET ${API.admin.issueSummary}`]: ok({ total_issues: 0, failed_payments: 0, pending_enrollments: 0 }),
        [`GET ${API.admin.reconciliation}`]: ok({ flagged: [flaggedEvent], stale_pending: [] }),
        [`POST ${API.admin.reconciliationResolve(7)}`]: fail(503, { error: words }),
      },
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Mark resolved' }));
    const dialog = () => screen.getByRole('dialog');
    await user.type(within(dialog()).getByLabelText(/^Note/), 'Checked on the gateway dashboard.');
    await user.click(within(dialog()).getByRole('button', { name: 'Mark resolved' }));
    await expectRefusalAt(words, dialog);
  });
});
