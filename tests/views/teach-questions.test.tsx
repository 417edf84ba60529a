import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MESSAGES,
  ASSESSMENT_PATHS,
  TEACHING_PATHS,
  type Question,
  type TeachBatchSummary,
} from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { instructor } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

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

const question: Question = {
  id: 41,
  program: 3,
  topic: 'NPA norms',
  kind: 'true_false',
  text: 'A term loan is an NPA when an instalment is overdue for more than 90 days.',
  text_hi: null,
  options: [
    { id: 'A', text: 'True', text_hi: null },
    { id: 'B', text: 'False', text_hi: null },
  ],
  answer: ['A'],
  explanation: 'IRAC norms.',
  marks: 1,
  negative_marks: 0,
  difficulty: 'easy',
  retired: false,
  used: true,
};

const LIST = `GET ${ASSESSMENT_PATHS.questions}`;
const IMPORT = `POST ${ASSESSMENT_PATHS.questionImport}`;
const routes = { [`GET ${TEACHING_PATHS.batches}`]: ok([batch]), [LIST]: ok([question]) };

async function openBank() {
  const app = renderApp('/teach/questions', { user: instructor, routes });
  expect(await screen.findByRole('heading', { level: 1, name: 'Question bank' })).toBeInTheDocument();
  await screen.findByRole('row', { name: /term loan is an NPA/ });
  return app;
}

describe('The question bank (/teach/questions)', () => {
  it('is in the teach area’s navigation and filters the list by program, topic and words', async () => {
    const { user, api } = await openBank();
    expect(screen.getByRole('link', { name: 'Question bank' })).toHaveAttribute('href', '/teach/questions');
    const row = screen.getByRole('row', { name: /term loan is an NPA/ });
    expect(row).toHaveTextContent('Credit Analysis & Lending');
    expect(row).toHaveTextContent('used in attempts');

    await user.selectOptions(screen.getByLabelText('Program'), '3');
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.query.get('program')).toBe('3'));
    await user.type(screen.getByLabelText('Topic'), 'NPA');
    await user.type(screen.getByLabelText('Search'), 'term loan');
    await waitFor(() => expect(api.callsTo(LIST).at(-1)!.query.get('search')).toBe('term loan'));
    const last = api.callsTo(LIST).at(-1)!.query;
    expect([last.get('program'), last.get('topic')]).toEqual(['3', 'NPA']);
  });

  it('adds a question: the form’s values as the contract takes them, then the list reloads', async () => {
    const { user, api } = await openBank();
    api.on(`POST ${ASSESSMENT_PATHS.questions}`, { status: 201, body: { ...question, id: 42, used: false } });
    const before = api.callsTo(LIST).length;
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add question' }));
    await user.type(dialog.getByLabelText(/^Topic/), 'Ratio analysis');
    await user.type(dialog.getByLabelText(/^Question \*?$/), 'Which ratio measures liquidity?');
    await user.type(dialog.getByLabelText('Option A'), 'Current ratio');
    await user.type(dialog.getByLabelText('Option B'), 'Debt-equity ratio');
    await user.type(dialog.getByLabelText(/^Correct option letters/), 'a');
    await user.click(dialog.getByRole('button', { name: 'Save question' }));
    expect(await screen.findByText('Item created successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${ASSESSMENT_PATHS.questions}`)[0]!.body).toEqual({
      program: 3,
      topic: 'Ratio analysis',
      kind: 'single',
      text: 'Which ratio measures liquidity?',
      text_hi: null,
      options: [
        { id: 'A', text: 'Current ratio', text_hi: null },
        { id: 'B', text: 'Debt-equity ratio', text_hi: null },
      ],
      answer: ['A'],
      explanation: '',
      marks: 1,
      negative_marks: 0,
      difficulty: 'medium',
      retired: false,
    });
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(before + 1));
  });

  it('shows the server’s refusal to delete a used question: retire it instead', async () => {
    const { user, api } = await openBank();
    api.on(`DELETE ${ASSESSMENT_PATHS.question(41)}`, fail(409, { detail: ASSESSMENT_MESSAGES.questionUsed }));
    await user.click(screen.getByRole('button', { name: /^Delete: A term loan/ }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete question' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ASSESSMENT_MESSAGES.questionUsed);
    expect(screen.getByRole('row', { name: /term loan is an NPA/ })).toBeInTheDocument();
  });

  it('imports a CSV: a bad row is named by row and column with nothing imported; the fixed file goes in', async () => {
    const { user, api } = await openBank();
    const problems = [
      { row: 3, column: 'kind', problem: 'Kind must be one of: single, multiple, numeric, true_false.' },
      { row: 4, column: 'answer', problem: ASSESSMENT_MESSAGES.answerOptions },
    ];
    api.on(IMPORT, fail(400, { detail: 'Nothing was imported: 2 problems to fix.', problems }));
    const section = within(screen.getByRole('region', { name: 'Import CSV or Excel' }));
    await user.click(section.getByRole('button', { name: 'Import' }));
    expect(await section.findByText('Choose a CSV or Excel (.xlsx) file to import.')).toBeInTheDocument();
    expect(api.callsTo(IMPORT)).toEqual([]);

    const csv = new File(['topic,kind,text,answer\r\nx,single,y,A\r\n'], 'bank.csv', { type: 'text/csv' });
    await user.upload(section.getByLabelText('CSV or Excel (.xlsx) file'), csv);
    await user.click(section.getByRole('button', { name: 'Import' }));
    const refusal = await section.findByText('Nothing was imported: 2 problems to fix.');
    expect(
      within(refusal.parentElement!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Row 3, column kind: ${problems[0]!.problem}`, `Row 4, column answer: ${problems[1]!.problem}`]);
    const sent = api.callsTo(IMPORT)[0]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('bank.csv');

    api.on(IMPORT, { status: 201, body: { imported: 2 } });
    const before = api.callsTo(LIST).length;
    await user.click(section.getByRole('button', { name: 'Import' }));
    expect(await section.findByText('Imported 2 questions.')).toBeInTheDocument();
    expect(section.queryByText(/Nothing was imported/)).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(before + 1));
  });
});
