import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSESSMENT_PATHS, TEACHING_MESSAGES, type Test } from '../../contract/index.ts';
import type { TestAnalysis, TestAttemptRow } from '../../contract/assessment-analysis.ts';
import { fail, ok } from './support/fake-api.ts';
import { admin, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const test: Test = {
  id: 5,
  title: 'Mock test 1: Credit appraisal',
  program: 3,
  batch: null,
  lesson: null,
  kind: 'mock',
  sections: [{ title: 'Section A', questions: [41, 42], duration_minutes: null }],
  duration_minutes: 60,
  opens_at: '2026-11-20T04:30:00Z',
  closes_at: '2026-11-21T04:30:00Z',
  attempts_allowed: 1,
  shuffle_questions: false,
  shuffle_options: false,
  pass_percent: 40,
  results_at: 'after_close',
  certificate_rule: false,
  attempts: 1,
  results_computed_at: '2026-11-21T04:30:15Z',
};
const attempt: TestAttemptRow = {
  id: 70,
  student: 11,
  student_name: 'Asha Menon',
  number: 1,
  started_at: '2026-11-20T05:00:00Z',
  ends_at: '2026-11-20T06:00:00Z',
  submitted_at: '2026-11-20T06:00:00Z',
  submitted_by: 'timer',
  score: 1.75,
  max_score: 3,
  correct: 1,
  wrong: 1,
  unanswered: 0,
  rank: 1,
  percentile: 100,
  events: [
    { kind: 'tab_hidden', at: '2026-11-20T05:10:00Z' },
    { kind: 'tab_visible', at: '2026-11-20T05:11:00Z' },
  ],
};
const analysis: TestAnalysis = {
  test: 5,
  candidates: 1,
  questions: [
    {
      question: 41,
      topic: 'NPA norms',
      text: 'A term loan is an NPA when an instalment is overdue for more than 90 days.',
      answer: ['A'],
      attempted: 1,
      share_correct: 100,
      discrimination_index: null,
      option_counts: { A: 1, B: 0 },
    },
  ],
};

describe('The instructor’s tests (/teach/tests)', () => {
  it('lists the tests and opens one: its attempts, the analysis and the scores CSV', async () => {
    const { user, api } = renderApp('/teach/tests', {
      user: admin,
      routes: {
        [`GET ${ASSESSMENT_PATHS.tests}`]: ok([test]),
        [`GET ${ASSESSMENT_PATHS.test(5)}`]: ok(test),
        [`GET ${ASSESSMENT_PATHS.testAttempts(5)}`]: ok([attempt]),
        [`GET ${ASSESSMENT_PATHS.testAnalysis(5)}`]: ok(analysis),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tests' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: test.title })).toHaveTextContent('1 attempt');
    await user.click(screen.getByRole('link', { name: test.title }));
    expect(await screen.findByRole('heading', { level: 1, name: test.title })).toBeInTheDocument();
    const attempts = within(screen.getByRole('region', { name: 'Every attempt' }));
    expect(
      within(attempts.getByRole('row', { name: /Asha Menon/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['1', expect.stringMatching(/\(time up\)$/), '1.75 / 3', '1 / 1 / 0', '1', '1']);
    const questions = within(screen.getByRole('region', { name: 'Each question’s figures' }));
    expect(
      within(questions.getByRole('row', { name: /term loan/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['NPA norms', '1', '100%', '—', 'A: 1 · B: 0']);

    await user.click(screen.getByRole('button', { name: 'Download scores (CSV)' }));
    await waitFor(() => expect(api.callsTo(`GET ${ASSESSMENT_PATHS.testScores(5)}`)).toHaveLength(1));
  });

  it('shows a student the server’s words: it is for instructors', async () => {
    renderApp('/teach/tests', {
      user: student,
      routes: { [`GET ${ASSESSMENT_PATHS.tests}`]: fail(403, { detail: TEACHING_MESSAGES.instructorsOnly }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'For instructors' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEACHING_MESSAGES.instructorsOnly);
  });
});
