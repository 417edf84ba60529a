import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  OPENING_MESSAGES,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  OPENING_PATHS as O,
  OPENING_UI_MESSAGES,
  PLACEMENT_PATHS as P,
  type Application,
  type StudentOpening,
  type StudentPlacementBatch,
} from '../../contract/index.ts';
import { appliedApplication } from '../support/models/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The dashboard's Openings and My applications (decision record 078): what an opening says (CTC in lakh a
 * year, the deadline in IST, the office's text as text), Apply with a cover note and a PDF résumé (the
 * limit shown; the application listed without a page reload; a refusal in the form), each stage as a person
 * reads it with the résumé sent, and Withdraw, asked first.
 */
const CV = new File(['%PDF-1.4'], 'Asha Rao CV.pdf', { type: 'application/pdf' });
const MARCH: StudentPlacementBatch = {
  batch: 7,
  batch_name: 'March 2026',
  program_title: 'Credit Analyst Program',
  ends_on: '2026-03-15',
  opt_out: false,
  placed: false,
};
const OPENING: StudentOpening = {
  id: 5,
  employer: 1,
  employer_name: 'HDFC Bank',
  title: 'Credit Analyst, SME Banking',
  location: 'Mumbai',
  ctc_min: 550_000,
  ctc_max: 750_000,
  programs: [3],
  batches: [],
  description: 'Appraise <b>working-capital</b> proposals.',
  deadline: '2026-12-12',
  status: 'open',
  applications: 0,
  application: null,
};
const INTERVIEW: Application = {
  ...appliedApplication,
  id: 22,
  opening: 6,
  opening_title: 'Junior Rating Analyst',
  employer_name: 'CRISIL',
  stage: 'interview_scheduled',
  // 11:00 in India.
  interview_at: '2026-12-03T05:30:00.000Z',
  interview_mode: 'online',
};
const REJECTED: Application = { ...INTERVIEW, id: 23, opening_title: 'Analyst', stage: 'rejected' };

function dashboard(routes: Record<string, Handler> = {}) {
  return renderApp('/dashboard', {
    user: student,
    routes: {
      [`GET ${API.enrollments.list}`]: ok([]),
      [`GET ${API.payments.list}`]: ok([]),
      [`GET ${API.programs.list}`]: ok([]),
      [`GET ${P.studentBatches}`]: ok([MARCH]),
      [`GET ${O.studentOpenings}`]: ok([OPENING]),
      [`GET ${O.studentApplications}`]: ok([INTERVIEW, REJECTED]),
      ...routes,
    },
  });
}
const openings = async () => within(await screen.findByRole('list', { name: 'Openings' }));
const applications = async () => within(await screen.findByRole('list', { name: 'My applications' }));

describe('Dashboard: Openings and My applications', () => {
  it('shows an opening: employer, title, place, CTC in lakh a year, the deadline in IST, the text as typed', async () => {
    dashboard();
    const list = await openings();
    expect(list.getByRole('heading', { name: 'Credit Analyst, SME Banking, HDFC Bank' })).toBeInTheDocument();
    expect(list.getByText(/Mumbai · ₹5.5 lakh to ₹7.5 lakh a year · Apply by 12 Dec 2026, 11:59 pm IST/)).toBeVisible();
    // The office's text is text: no markup of its own reaches the page.
    expect(list.getByText('Appraise <b>working-capital</b> proposals.')).toBeInTheDocument();
    expect(document.querySelector('.opening b')).toBeNull();
  });

  it('reads each stage as a person does, and offers Withdraw only while in progress', async () => {
    dashboard();
    const mine = await applications();
    expect(mine.getByText(/Junior Rating Analyst/).closest('li')).toHaveTextContent(
      'Interview on 3 Dec 2026, 11:00 am IST · online',
    );
    expect(mine.getAllByRole('listitem')[1]).toHaveTextContent('Analyst, CRISIL: Not selected');
    expect(mine.getAllByRole('button', { name: /^Withdraw/ })).toHaveLength(1);
  });

  it('applies with a cover note and a PDF résumé (the limit shown): the application is listed at once', async () => {
    let mine: Application[] = [];
    const APPLY = `POST ${O.apply(OPENING.id)}`;
    const { user, api } = dashboard({
      [`GET ${O.studentOpenings}`]: () => ok([{ ...OPENING, application: mine[0] ?? null }]),
      [`GET ${O.studentApplications}`]: () => ok(mine),
      [APPLY]: () => {
        mine = [appliedApplication];
        return { status: 201, body: appliedApplication };
      },
    });
    expect(await screen.findByText('You have not applied to an opening yet.')).toBeInTheDocument();
    const list = await openings();
    await user.click(list.getByText('Apply'));
    const form = within(list.getByRole('form', { name: 'Apply: Credit Analyst, SME Banking, HDFC Bank' }));
    await user.type(form.getByLabelText(/Cover note/), 'I have done the SME module.');
    const input = form.getByLabelText(/^Résumé/);
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(form.getByText(/^PDF, at most 20 MB\./)).toBeInTheDocument();
    // Without a résumé nothing is sent: the field says what to attach.
    await user.click(form.getByRole('button', { name: 'Send application' }));
    expect(await form.findByText(D.resumeMissing)).toBeInTheDocument();
    expect(api.callsTo(APPLY)).toHaveLength(0);
    await user.upload(input, CV);
    expect(form.getByText(/Chosen: Asha Rao CV\.pdf\./)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(OPENING_UI_MESSAGES.applied)).toBeInTheDocument();
    const sent = api.callsTo(APPLY).map((c) => c.body as FormData);
    expect(sent.map((f) => [f.get('cover_note'), (f.get('resume') as File).name])).toEqual([
      ['I have done the SME module.', 'Asha Rao CV.pdf'],
    ]);
    const listed = (await applications()).getByText(/Credit Analyst, SME Banking/).closest('li')!;
    expect(listed).toHaveTextContent('Applied');
    expect(within(listed).getByRole('link', { name: 'Résumé: Asha Rao CV.pdf' })).toHaveAttribute(
      'href',
      appliedApplication.resume!.url,
    );
    expect(list.getByText(/Your application:/)).toHaveTextContent('Your application: Applied');
    expect(list.queryByText('Apply')).not.toBeInTheDocument();
  });

  it('shows a refused application inside its form (the opening closed meanwhile)', async () => {
    const { user } = dashboard({ [`POST ${O.apply(OPENING.id)}`]: fail(400, { error: OPENING_MESSAGES.closed }) });
    const list = await openings();
    await user.click(list.getByText('Apply'));
    const form = list.getByRole('form', { name: /^Apply:/ });
    await user.upload(within(form).getByLabelText(/^Résumé/), CV);
    await user.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(document.activeElement).toHaveTextContent(OPENING_MESSAGES.closed));
    expect(form.contains(document.activeElement)).toBe(true);
  });

  it('withdraws after the confirmation; cancelling sends nothing', async () => {
    let current = INTERVIEW;
    const WITHDRAW = `POST ${O.withdraw(INTERVIEW.id)}`;
    const { user, api } = dashboard({
      [`GET ${O.studentApplications}`]: () => ok([current]),
      [WITHDRAW]: () => {
        current = { ...INTERVIEW, stage: 'withdrawn', interview_at: null, interview_mode: null };
        return ok(current);
      },
    });
    const mine = await applications();
    await user.click(mine.getByRole('button', { name: 'Withdraw: Junior Rating Analyst, CRISIL' }));
    let dialog = await screen.findByRole('alertdialog', { name: /Withdraw your application to Junior Rating Analyst/ });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my application' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo(WITHDRAW)).toHaveLength(0);
    await user.click(mine.getByRole('button', { name: 'Withdraw: Junior Rating Analyst, CRISIL' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('You cannot apply to this opening again.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    await waitFor(() =>
      expect(mine.getByRole('listitem')).toHaveTextContent('Junior Rating Analyst, CRISIL: Withdrawn'),
    );
    expect(api.callsTo(WITHDRAW)).toHaveLength(1);
    expect(mine.queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
  });
});
