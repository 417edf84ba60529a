import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  PLACEMENT_PATHS as P,
  STORY_MESSAGES,
  STORY_PATHS,
  type AdminSuccessStory,
} from '../../contract/index.ts';
import { reportedOffer } from '../support/models/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * The Success Stories tab (decision record 079): the office chooses the verified offer a story tells by
 * student, employer and designation (claimed offers are not offered), sees whether each story is published,
 * and reads the server's refusal of an offer that is not verified at its field.
 */
const VERIFIED = {
  ...reportedOffer,
  id: 12,
  student_name: 'Vikram Shah',
  employer_name: 'CRISIL',
  status: 'verified' as const,
};
const STORY: AdminSuccessStory = {
  id: 4,
  offer_id: 12,
  offer_label: 'Vikram Shah · CRISIL · Credit Analyst',
  student_name: 'Vikram Shah',
  placement_company_name: 'CRISIL',
  designation: 'Credit Analyst',
  salary: '₹6,50,000 a year',
  photo: '',
  photo_uploaded: false,
  story: 'From audit to ratings.',
  is_featured: true,
  published: false,
};

function tab(routes: Record<string, Handler> = {}) {
  return renderApp('/admin?tab=success-stories', {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok({
        total_students: 1,
        total_programs: 1,
        total_faculty: 1,
        total_workshops: 1,
        total_revenue: 0,
      }),
      [`GET ${API.admin.issueSummary}`]: ok({ total_issues: 0, failed_payments: 0, pending_enrollments: 0 }),
      [`GET ${API.faculty.list}`]: ok([]),
      [`GET ${API.admin.users}`]: ok({ count: 0, next: null, previous: null, results: [] }),
      // The server filters by status; the claimed offer is not a choice.
      [`GET ${P.offers}`]: (request) =>
        ok(request.query.get('status') === 'verified' ? [VERIFIED] : [reportedOffer, VERIFIED]),
      [`GET ${STORY_PATHS.adminList}`]: ok([STORY]),
      ...routes,
    },
  });
}

describe('Success Stories tab', () => {
  it('lists each story with its offer and whether the student consented', async () => {
    tab();
    const row = await screen.findByRole('row', { name: /Vikram Shah/ });
    expect(within(row).getByText('Vikram Shah · CRISIL · Credit Analyst')).toBeInTheDocument();
    expect(within(row).getByText('No (no consent)')).toBeInTheDocument();
  });

  it('adds a story on a verified offer chosen by student and employer; a refusal shows at the offer', async () => {
    const ADD = `POST ${API.successStories.create}`;
    let calls = 0;
    const { user, api } = tab({
      [ADD]: () =>
        ++calls === 1 ? fail(400, { offer_id: [STORY_MESSAGES.offerNotVerified] }) : { status: 201, body: STORY },
    });
    await screen.findByRole('row', { name: /Vikram Shah/ });
    await user.click(screen.getByRole('button', { name: /Add New/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Success Story' }));
    const offer = await dialog.findByLabelText(/^Verified offer/);
    expect(within(offer).queryByRole('option', { name: /Asha Rao/ })).toBeNull();
    await user.selectOptions(offer, 'Vikram Shah · CRISIL · Credit Analyst');
    await user.type(dialog.getByLabelText(/^Student name as published/), 'Vikram S.');
    await user.type(dialog.getByLabelText(/^Story/), 'From audit to ratings.');
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    expect(await dialog.findByText(STORY_MESSAGES.offerNotVerified)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      offer_id: 12,
      student_name: 'Vikram S.',
      story: 'From audit to ratings.',
    });
  });
});
