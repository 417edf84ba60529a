import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_PATHS,
  TEACHING_PATHS,
  type Question,
  type TeachBatchSummary,
  type Test,
} from '../../contract/index.ts';
import { deferred, fail, ok } from './support/fake-api.ts';
import { instructor } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';

/** The instructor's test screen (/teach/tests): add, edit and delete a test, its questions from the bank. */

const batch: TeachBatchSummary = {
  id: 2,
  name: 'November 2026 weekday evening batch',
  program: { id: 3, title: 'Credit Analysis & Lending' },
  starts_on: '2026-10-01',
  ends_on: '2027-01-31',
  state: 'running',
  mode: 'online',
  location: '',
  instructor: 'Meera Nair',
  students: 2,
  sessions: 2,
  sessions_held: 1,
};
const question = (id: number, program: number | null, text: string, topic = 'NPA norms'): Question => ({
  id,
  program,
  topic,
  kind: 'single',
  text,
  text_hi: null,
  options: [
    { id: 'A', text: 'Yes', text_hi: null },
    { id: 'B', text: 'No', text_hi: null },
  ],
  answer: ['A'],
  explanation: '',
  marks: 1,
  negative_marks: 0,
  difficulty: 'easy',
  retired: false,
  used: false,
});
const bank = [
  question(41, 3, 'Is a term loan overdue 91 days an NPA?'),
  question(50, null, 'Is CET1 part of Tier 1 capital?', 'Basel capital'),
  question(60, 9, 'A question of another program'),
];
const existing: Test = {
  id: 5,
  title: 'Mock test 1: Credit appraisal',
  program: 3,
  batch: 2,
  lesson: null,
  kind: 'mock',
  sections: [{ title: 'Section A', questions: [41], duration_minutes: null }],
  duration_minutes: 60,
  opens_at: '2026-11-20T04:30:00Z',
  closes_at: '2026-11-21T04:30:00Z',
  attempts_allowed: 1,
  shuffle_questions: false,
  shuffle_options: true,
  pass_percent: 40,
  results_at: 'after_close',
  certificate_rule: false,
  attempts: 3,
  results_computed_at: null,
};

const LIST = `GET ${ASSESSMENT_PATHS.tests}`;
const POST = `POST ${ASSESSMENT_PATHS.tests}`;

async function openTests(tests: Test[] = []) {
  const app = renderApp('/teach/tests', {
    user: instructor,
    routes: {
      [LIST]: ok(tests),
      [`GET ${TEACHING_PATHS.batches}`]: ok([batch]),
      [`GET ${ASSESSMENT_PATHS.questions}`]: ok(bank),
    },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Tests' })).toBeInTheDocument();
  return app;
}

/** Add test's dialog, titled "Final mock". */
async function addDialog(user: Awaited<ReturnType<typeof openTests>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add test' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add test' }));
  fireEvent.change(dialog.getByLabelText(/^Title/), { target: { value: 'Final mock' } });
  return dialog;
}

const typeTime = (box: ReturnType<typeof within>, label: RegExp, value: string) =>
  fireEvent.change(box.getByLabelText(label), { target: { value } });

describe('The test screen (/teach/tests)', () => {
  it('adds a test’s sections: questions from the program’s bank and the shared one, added, moved and timed', async () => {
    const { user, api } = await openTests();
    expect(screen.getByRole('link', { name: 'Tests' })).toHaveAttribute('href', '/teach/tests');
    api.on(POST, { status: 201, body: { ...existing, id: 6, attempts: 0 } });
    const dialog = await addDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Choose questions for Section A' }));
    const pickerA = within(dialog.getByRole('group', { name: 'Choose questions for Section A' }));
    // The program's questions and the shared bank's; never another program's.
    expect(pickerA.queryByLabelText(/another program/)).not.toBeInTheDocument();
    await user.click(pickerA.getByLabelText(/term loan overdue/));
    await user.click(dialog.getByRole('button', { name: 'Add section' }));
    await user.click(dialog.getByRole('button', { name: 'Choose questions for Section B' }));
    const pickerB = within(dialog.getByRole('group', { name: 'Choose questions for Section B' }));
    expect(pickerB.getByLabelText(/term loan overdue.*in Section A/)).toBeDisabled();
    await user.click(pickerB.getByLabelText(/CET1/));
    fireEvent.change(dialog.getAllByLabelText('Section timer (minutes, optional)')[1]!, { target: { value: '20' } });
    await user.click(dialog.getByRole('button', { name: 'Move Section B up' }));
    expect(dialog.getAllByRole('region', { name: /^Section \d/ }).map((s) => s.getAttribute('aria-label'))).toEqual([
      'Section 1: Section B',
      'Section 2: Section A',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    expect(await screen.findByText('Item created successfully!')).toBeInTheDocument();
    expect((api.callsTo(POST)[0]!.body as { sections: unknown }).sections).toEqual([
      { title: 'Section B', questions: [50], duration_minutes: 20 },
      { title: 'Section A', questions: [41], duration_minutes: null },
    ]);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it('adds a test with every other field: batch, times typed in IST, results at a time, a certificate rule', async () => {
    const { user, api } = await openTests();
    api.on(POST, { status: 201, body: { ...existing, id: 6, attempts: 0 } });
    const dialog = await addDialog(user);
    expect(dialog.getByLabelText(/^Program/)).toHaveValue('3');
    await user.selectOptions(dialog.getByLabelText('Batch'), '2');
    fireEvent.change(dialog.getByLabelText(/^Duration/), { target: { value: '90' } });
    typeTime(dialog, /^Opens at \(IST\)/, '2026-12-01T10:00');
    typeTime(dialog, /^Closes at \(IST\)/, '2026-12-01T18:30');
    await user.selectOptions(dialog.getByLabelText('Results shown'), 'at');
    typeTime(dialog, /^Results at \(IST\)/, '2026-12-02T09:00');
    await user.click(dialog.getByLabelText(/^Certificate rule/));
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    expect(await screen.findByText('Item created successfully!')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]!.body).toEqual({
      title: 'Final mock',
      program: 3,
      batch: 2,
      kind: 'mock',
      sections: [{ title: 'Section A', questions: [], duration_minutes: null }],
      duration_minutes: 90,
      opens_at: '2026-12-01T10:00:00+05:30',
      closes_at: '2026-12-01T18:30:00+05:30',
      attempts_allowed: 1,
      shuffle_questions: false,
      shuffle_options: false,
      pass_percent: 40,
      results_at: '2026-12-02T09:00:00+05:30',
      certificate_rule: true,
    });
  });

  it('opened before the taught batches have answered, the form takes the first program when they arrive', async () => {
    const batches = deferred();
    const { user, api } = renderApp('/teach/tests', {
      user: instructor,
      routes: {
        [LIST]: ok([]),
        [`GET ${TEACHING_PATHS.batches}`]: batches.handler,
        [`GET ${ASSESSMENT_PATHS.questions}`]: ok(bank),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tests' })).toBeInTheDocument();
    api.on(POST, { status: 201, body: { ...existing, id: 6, attempts: 0 } });
    const dialog = await addDialog(user);
    batches.release(ok([batch]));
    await waitFor(() => expect(dialog.getByLabelText(/^Program/)).toHaveValue('3'));
    // The picker offers the program's questions, not only the shared bank's.
    await user.click(dialog.getByRole('button', { name: 'Choose questions for Section A' }));
    await user.click(dialog.getByLabelText(/term loan overdue/));
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    expect(await screen.findByText('Item created successfully!')).toBeInTheDocument();
    expect(api.callsTo(POST)[0]!.body).toMatchObject({ program: 3, sections: [{ questions: [41] }] });
  });

  it('shows the server’s 400 beside the field that caused it, with the focus moved there', async () => {
    const { user, api } = await openTests();
    const dialog = await addDialog(user);
    api.on(POST, fail(400, { closes_at: [ASSESSMENT_MESSAGES.closesAfterOpens] }));
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    const closes = dialog.getByLabelText(/^Closes at \(IST\)/);
    await waitFor(() => expect(document.activeElement).toBe(closes));
    expect(closes).toHaveAccessibleDescription(expect.stringContaining(ASSESSMENT_MESSAGES.closesAfterOpens));

    api.on(POST, fail(400, { 'sections.0.questions': ['A section needs at least one question.'] }));
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent('A section needs at least one question.'));
    expect(dialog.getByRole('region', { name: 'Section 1: Section A' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  });

  it('edits a test students have attempted: times shown in IST, its sections kept and not sent', async () => {
    const { user, api } = await openTests([existing]);
    const card = within(await screen.findByRole('listitem', { name: existing.title }));
    expect(card.getByText(/Credit Analysis & Lending · November 2026 weekday evening batch/)).toBeInTheDocument();
    expect(card.getByText('3 attempts')).toBeInTheDocument();
    api.on(`PATCH ${ASSESSMENT_PATHS.test(5)}`, ok({ ...existing, pass_percent: 50 }));
    await user.click(card.getByRole('button', { name: `Edit ${existing.title}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit test' }));
    expect(dialog.getByLabelText(/^Opens at \(IST\)/)).toHaveValue('2026-11-20T10:00');
    expect(dialog.getByText(/Students have attempted this test/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add section' })).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Pass mark (%)'));
    await user.type(dialog.getByLabelText('Pass mark (%)'), '50');
    await user.click(dialog.getByRole('button', { name: 'Save test' }));
    expect(await screen.findByText('Item updated successfully!')).toBeInTheDocument();
    const body = api.callsTo(`PATCH ${ASSESSMENT_PATHS.test(5)}`)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ pass_percent: 50, batch: 2, results_at: 'after_close', shuffle_options: true });
    expect(body).not.toHaveProperty('sections');
    expect(body).not.toHaveProperty('program');
  });

  it('delete says what it touches first; the server’s refusal is shown in the test’s card', async () => {
    const { user, api } = await openTests([existing]);
    api.on(`DELETE ${ASSESSMENT_PATHS.test(5)}`, fail(409, { detail: ASSESSMENT_MESSAGES.testHasAttempts }));
    await user.click(await screen.findByRole('button', { name: `Delete ${existing.title}` }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete test' }));
    expect(confirm.getByText(/Students have made 3 attempts at “Mock test 1: Credit appraisal”/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await expectRefusalAt(ASSESSMENT_MESSAGES.testHasAttempts, () =>
      screen.getByRole('listitem', { name: existing.title }),
    );
  });

  it('deletes a test nobody attempted, after saying its sections go and its questions stay', async () => {
    const { user, api } = await openTests([{ ...existing, attempts: 0 }]);
    api.on(`DELETE ${ASSESSMENT_PATHS.test(5)}`, { status: 204 });
    await user.click(await screen.findByRole('button', { name: `Delete ${existing.title}` }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete test' }));
    expect(confirm.getByText(/1 section \(1 question chosen\) will be deleted/)).toHaveTextContent(
      'the questions stay in the question bank',
    );
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${ASSESSMENT_PATHS.test(5)}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });
});
