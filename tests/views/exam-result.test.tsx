import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, ASSESSMENT_MESSAGES, ASSESSMENT_PATHS as P, type StudentTest } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { ATTEMPT_ID, examRoutes, listed, result, TEST_ID } from './support/exam-fixtures.ts';
import { pausedText } from '../../src/features/dashboard/components/tests-section.tsx';

/** An attempt's result at /tests/:id/result/:attempt, and the dashboard's Tests section that links to it. */
const RESULT_PATH = `/tests/${TEST_ID}/result/${ATTEMPT_ID}`;

describe('The result of an attempt', () => {
  it('shows the score, the sections, the rank, percentile and candidates, and each answer with its explanation', async () => {
    renderApp(RESULT_PATH, { user: student, routes: examRoutes().routes });
    expect(await screen.findByRole('heading', { level: 1, name: `Result: ${listed.title}` })).toBeInTheDocument();
    const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(figure('Score')).toHaveTextContent('2.75 of 4 (68.75%), passed');
    expect(figure('Rank')).toHaveTextContent('3 of 41 candidates');
    expect(figure('Percentile')).toHaveTextContent('95.1219512');
    expect(figure('Correct')).toHaveTextContent('2');
    expect(figure('Wrong')).toHaveTextContent('1');
    expect(figure('Unanswered')).toHaveTextContent('0');
    const sections = within(screen.getByRole('region', { name: 'Section scores' }));
    expect(sections.getByRole('row', { name: /Credit appraisal 0.75 of 2 1 1 0/ })).toBeInTheDocument();
    const items = within(
      screen.getByRole('heading', { name: 'Questions and answers' }).closest('section')!,
    ).getAllByRole('listitem');
    const wrong = items.find((li) => li.textContent?.includes('Tandon second method'))!;
    expect(wrong).toHaveTextContent('Wrong (-0.25 marks)');
    expect(within(wrong).getByText('Your answer').nextElementSibling).toHaveTextContent('B');
    expect(within(wrong).getByText('Right answer').nextElementSibling).toHaveTextContent('A');
    expect(wrong).toHaveTextContent(result.questions[1]!.explanation);
    expect(within(wrong).getByText('Time on it').nextElementSibling).toHaveTextContent('1 min 15 s');
    const first = items.find((li) => li.textContent?.includes(result.questions[0]!.explanation))!;
    expect(within(first).getByText('Time on it').nextElementSibling).toHaveTextContent('30 s');
  });

  it('says when the results will be published while they are not yet', async () => {
    renderApp(RESULT_PATH, {
      user: student,
      routes: { [`GET ${P.result(ATTEMPT_ID)}`]: fail(409, { detail: ASSESSMENT_MESSAGES.resultsAfterClose }) },
    });
    expect(await screen.findByText(ASSESSMENT_MESSAGES.resultsAfterClose)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your answers are submitted' })).toBeInTheDocument();
  });
});

describe('The dashboard’s Tests', () => {
  /** The dashboard of a student with no courses or payments, and these tests. */
  const dashboardWith = (tests: StudentTest[]) =>
    renderApp('/dashboard', {
      user: student,
      routes: {
        [`GET ${API.enrollments.list}`]: ok([]),
        [`GET ${API.payments.list}`]: ok([]),
        [`GET ${API.programs.list}`]: ok([]),
        [`GET ${P.studentTests}`]: ok(tests),
      },
    });

  it('lists open, upcoming and finished tests, each with its link', async () => {
    dashboardWith([
      { ...listed, id: 7, title: 'Mock Test 1', state: 'finished', attempts_used: 1, last_attempt: 3 },
      { ...listed, id: 8, title: 'Mock Test 3', state: 'upcoming' },
      listed,
    ]);
    const tests = within(await screen.findByRole('list', { name: 'Your tests' }));
    const rows = tests.getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual([
      listed.title,
      'Mock Test 3',
      'Mock Test 1',
    ]);
    expect(tests.getByRole('link', { name: `Start: ${listed.title}` })).toHaveAttribute('href', `/tests/${TEST_ID}`);
    expect(tests.getByRole('link', { name: 'See result: Mock Test 1' })).toHaveAttribute('href', '/tests/7/result/3');
    expect(rows[1]).toHaveTextContent(/opens/);
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Paused:/)).not.toBeInTheDocument();
  });

  it('an open test paused by an unpaid instalment says so and offers no start; an attempt in progress continues', async () => {
    dashboardWith([
      { ...listed, paused_due_on: '2026-03-01' },
      { ...listed, id: 9, title: 'Mock Test 4', paused_due_on: '2026-03-01', open_attempt: 12, attempts_used: 1 },
    ]);
    const tests = within(await screen.findByRole('list', { name: 'Your tests' }));
    const rows = tests.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(pausedText('2026-03-01'));
    expect(pausedText('2026-03-01')).toContain('due on 1 Mar 2026');
    expect(within(rows[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(tests.getByRole('link', { name: 'Continue: Mock Test 4' })).toHaveAttribute('href', '/tests/9');
  });
});
