import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  DELIVERY_PATHS,
  OPENING_MESSAGES,
  OPENING_PATHS as O,
  PLACEMENT_PATHS as P,
  type Application,
  type Batch,
  type Employer,
  type Opening,
} from '../../contract/index.ts';
import { appliedApplication, shortlistedApplication } from '../support/models/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin, program } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The Openings tab (decision record 078): an opening posted with its employer, programs and batches chosen
 * by name; its Applications (name, email, the day, the stage) and Move stage with only the stages the server
 * allows, an interview's time in IST and mode, the server's refusal at its field and the saved stage in the row.
 */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const CREDIT = program({ id: 3, title: 'Credit Analyst Program' });
const MARCH: Batch = {
  id: 7,
  course: 3,
  name: 'March 2026',
  starts_on: '2025-11-01',
  ends_on: '2026-03-15',
  seats: 30,
  seats_taken: 30,
  seats_left: 0,
  mode: 'online',
  location: '',
  instructor: null,
  is_open: false,
};
const HDFC: Employer = {
  id: 1,
  name: 'HDFC Bank',
  sector: 'bank',
  website: '',
  hr_contacts: [],
  is_partner: false,
  partner_reason: '',
  verified_offers: 4,
  is_hiring_partner: true,
};
const OPENING: Opening = {
  id: 5,
  employer: 1,
  employer_name: 'HDFC Bank',
  title: 'Credit Analyst, SME Banking',
  location: 'Mumbai',
  ctc_min: 550_000,
  ctc_max: 750_000,
  programs: [3],
  batches: [],
  description: 'Appraise working-capital proposals.',
  deadline: '2026-12-12',
  status: 'open',
  applications: 3,
};
const MEERA: Application = {
  ...appliedApplication,
  id: 24,
  student_name: 'Meera Iyer',
  stage: 'withdrawn',
  resume: null,
};

function tab(routes: Record<string, Handler> = {}) {
  return renderApp('/admin?tab=openings', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      [`GET ${API.programs.list}`]: ok([CREDIT]),
      [`GET ${DELIVERY_PATHS.adminBatches}`]: ok([MARCH]),
      [`GET ${P.employers}`]: ok([HDFC]),
      [`GET ${O.openings}`]: ok([OPENING]),
      [`GET ${O.openingApplications(OPENING.id)}`]: ok([appliedApplication, MEERA]),
      ...routes,
    },
  });
}
async function openApplications(user: ReturnType<typeof tab>['user']) {
  const row = await screen.findByRole('row', { name: /Credit Analyst, SME Banking/ });
  await user.click(within(row).getByRole('button', { name: 'Applications' }));
  return within(await screen.findByRole('table', { name: /Applications to Credit Analyst, SME Banking/ }));
}

describe('Openings tab', () => {
  it('lists openings with the CTC in rupees a year, and posts one with its employer and programs chosen by name', async () => {
    const ADD = `POST ${O.openings}`;
    const { user, api } = tab({ [ADD]: { status: 201, body: { ...OPENING, id: 6 } } });
    const row = await screen.findByRole('row', { name: /Credit Analyst, SME Banking/ });
    expect(within(row).getByText('₹5,50,000 to ₹7,50,000')).toBeInTheDocument();
    expect(within(row).getByText('12 Dec 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add New/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Opening' }));
    await user.selectOptions(dialog.getByLabelText(/^Employer/), 'HDFC Bank');
    await user.type(dialog.getByLabelText(/^Title/), 'Credit Analyst');
    await user.type(dialog.getByLabelText(/^Lowest annual CTC/), '500000');
    await user.type(dialog.getByLabelText(/^Highest annual CTC/), '700000');
    const programs = within(dialog.getByRole('group', { name: /^Open to the students of these programs/ }));
    await user.click(programs.getByLabelText('Credit Analyst Program'));
    expect(dialog.getByLabelText(/^Apply by/)).toBeInTheDocument();
    expect(screen.getByText(/applications close at 11:59 pm IST/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Apply by/), '2026-12-20');
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      employer: 1,
      title: 'Credit Analyst',
      ctc_min: 500_000,
      ctc_max: 700_000,
      programs: [3],
      batches: [],
      deadline: '2026-12-20',
      status: 'open',
    });
  });

  it('shows an opening’s applications with each résumé; a withdrawn one offers no Move stage', async () => {
    const { user } = tab();
    const table = await openApplications(user);
    const asha = table.getByRole('row', { name: /Asha Rao/ });
    expect(asha).toHaveTextContent('asha@example.in');
    expect(within(asha).getByRole('link', { name: 'Résumé: Asha Rao CV.pdf' })).toHaveAttribute(
      'href',
      appliedApplication.resume!.url,
    );
    expect(asha).toHaveTextContent('(47 KB)');
    expect(asha).toHaveTextContent('20 Nov 2026');
    expect(asha).toHaveTextContent('Applied');
    expect(within(asha).getByRole('button', { name: 'Move stage: Asha Rao' })).toBeInTheDocument();
    const meera = table.getByRole('row', { name: /Meera Iyer/ });
    expect(meera).toHaveTextContent('Withdrawn');
    expect(meera).toHaveTextContent('None');
    expect(within(meera).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shortlists: only the stages allowed are offered, and the row shows the stage saved', async () => {
    const STAGE = `POST ${O.stage(appliedApplication.id)}`;
    const { user, api } = tab({ [STAGE]: ok(shortlistedApplication) });
    const table = await openApplications(user);
    await user.click(table.getByRole('button', { name: 'Move stage: Asha Rao' }));
    const form = within(table.getByRole('form', { name: 'Stage of Asha Rao' }));
    const options = within(form.getByLabelText('Next stage')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Shortlisted',
      'Interview scheduled',
      'Offered',
      'Not selected',
      'Withdrawn',
    ]);
    await user.selectOptions(form.getByLabelText('Next stage'), 'Shortlisted');
    await user.click(form.getByRole('button', { name: 'Save stage' }));
    await waitFor(() => expect(table.getByRole('row', { name: /Asha Rao/ })).toHaveTextContent('Shortlisted'));
    expect(api.callsTo(STAGE).map((c) => c.body)).toEqual([{ stage: 'shortlisted', note: '' }]);
    expect(table.queryByRole('form')).not.toBeInTheDocument();
  });

  it('schedules an interview: the time typed in IST and the mode; refusals at their fields', async () => {
    const STAGE = `POST ${O.stage(appliedApplication.id)}`;
    let answers = 0;
    const scheduled: Application = {
      ...appliedApplication,
      stage: 'interview_scheduled',
      interview_at: '2026-12-03T05:30:00.000Z',
      interview_mode: 'in_person',
    };
    const { user, api } = tab({
      [STAGE]: () => (++answers === 1 ? fail(400, { error: OPENING_MESSAGES.stageFinal }) : ok(scheduled)),
    });
    const table = await openApplications(user);
    await user.click(table.getByRole('button', { name: 'Move stage: Asha Rao' }));
    const form = within(table.getByRole('form', { name: 'Stage of Asha Rao' }));
    await user.selectOptions(form.getByLabelText('Next stage'), 'Interview scheduled');
    // No date yet: refused in the browser, nothing sent.
    await user.click(form.getByRole('button', { name: 'Save stage' }));
    expect(await form.findByText(OPENING_MESSAGES.interviewDetails)).toBeInTheDocument();
    expect(api.callsTo(STAGE)).toHaveLength(0);
    expect(form.getByText(/India Standard Time/)).toBeInTheDocument();
    await user.type(form.getByLabelText(/Interview date and time/), '2026-12-03T11:00');
    await user.selectOptions(form.getByLabelText('Interview mode'), 'in person');
    await user.click(form.getByRole('button', { name: 'Save stage' }));
    // The server's one sentence shows at the stage.
    expect(await form.findByText(OPENING_MESSAGES.stageFinal)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save stage' }));
    await waitFor(() =>
      expect(table.getByRole('row', { name: /Asha Rao/ })).toHaveTextContent(
        'Interview on 3 Dec 2026, 11:00 am IST · in person',
      ),
    );
    expect(api.callsTo(STAGE)[1]!.body).toEqual({
      stage: 'interview_scheduled',
      interview_at: '2026-12-03T11:00:00+05:30',
      interview_mode: 'in_person',
      note: '',
    });
  });
});
