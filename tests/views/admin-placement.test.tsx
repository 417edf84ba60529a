import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MFA_PATHS, PLACEMENT_MESSAGES, PLACEMENT_PATHS as P } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { CLAIMED, employer, STEP_UP, tab } from './support/admin-placement-world.tsx';

/**
 * The Employers and Offers tabs (decision records 070 and 078): the hiring-partner rule shown, an
 * employer added with its HR contacts, an offer recorded, verified from its letter behind a step-up, and
 * the employer asked to confirm through the single-use link.
 */
describe('Employers tab', () => {
  it('shows which employers the public pages name as hiring partners', async () => {
    tab('employers');
    const hdfc = await screen.findByRole('row', { name: /HDFC Bank/ });
    expect(within(hdfc).getByText('Hiring partner')).toBeInTheDocument();
    expect(within(hdfc).getByText('4')).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /Karur Research/ });
    expect(within(other).getByText('Not shown')).toBeInTheDocument();
    expect(within(other).getByText('Research')).toBeInTheDocument();
  });

  it('adds an employer with its HR contacts typed one a line, and shows the partner rule’s refusal', async () => {
    const ADD = `POST ${P.employers}`;
    let answers = 0;
    const { user, api } = tab('employers', {
      [ADD]: () =>
        ++answers === 1
          ? fail(400, { error: PLACEMENT_MESSAGES.partnerReason })
          : { status: 201, body: employer({ id: 3, name: 'Axis Bank' }) },
    });
    await screen.findByRole('row', { name: /HDFC Bank/ });
    await user.click(screen.getByRole('button', { name: /Add New/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Employer' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Axis Bank');
    await user.type(dialog.getByLabelText(/^Website/), 'https://www.axisbank.example');
    await user.type(
      dialog.getByLabelText(/^HR contacts/),
      'Rohan Das <rohan@axisbank.example>\nhiring@axisbank.example',
    );
    await user.click(dialog.getByLabelText(/hiring partner before any verified offer/));
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(await dialog.findByText(PLACEMENT_MESSAGES.partnerReason)).toBeInTheDocument();
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      name: 'Axis Bank',
      sector: 'bank',
      hr_contacts: [
        { name: 'Rohan Das', email: 'rohan@axisbank.example' },
        { name: 'hiring@axisbank.example', email: 'hiring@axisbank.example' },
      ],
      is_partner: true,
    });
    await user.type(dialog.getByLabelText(/^Why/), 'Signed a campus hiring agreement');
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(ADD)[1]!.body).toMatchObject({ partner_reason: 'Signed a campus hiring agreement' });
  });
});

describe('Offers tab', () => {
  it('lists offers with how each was verified; only a claimed one can be verified, rejected or sent to the employer', async () => {
    tab('offers');
    const claimed = await screen.findByRole('row', { name: /Asha Rao/ });
    expect(within(claimed).getByText('Claimed')).toBeInTheDocument();
    expect(within(claimed).getByText('₹6,50,000')).toBeInTheDocument();
    expect(within(claimed).getByText('Credit Analyst Program · March 2026')).toBeInTheDocument();
    expect(within(claimed).getByRole('button', { name: 'Verify or reject' })).toBeInTheDocument();
    expect(within(claimed).getByRole('button', { name: 'Ask employer' })).toBeInTheDocument();
    const verified = screen.getByRole('row', { name: /Vikram Shah/ });
    expect(within(verified).getByText('Verified by employer')).toBeInTheDocument();
    expect(within(verified).queryByRole('button', { name: 'Verify or reject' })).not.toBeInTheDocument();
    expect(within(verified).queryByRole('button', { name: 'Ask employer' })).not.toBeInTheDocument();
  });

  it('verifies from the letter with a note, after the administrator’s own code (step-up); the list reloads', async () => {
    const VERIFY = `POST ${P.verifyOffer(CLAIMED.id)}`;
    let calls = 0;
    const { user, api } = tab('offers', {
      [VERIFY]: () => (++calls === 1 ? STEP_UP : ok({ ...CLAIMED, status: 'verified', verified_via: 'document' })),
      [`POST ${MFA_PATHS.stepUp}`]: ok({ step_up_until: '2026-11-25T10:05:00.000Z' }),
    });
    const row = await screen.findByRole('row', { name: /Asha Rao/ });
    await user.click(within(row).getByRole('button', { name: 'Verify or reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify or reject' }));
    // The student's letter is linked in the dialog (downloaded from the office's path, a step-up first).
    expect(dialog.getByRole('link', { name: 'Offer letter: HDFC offer.pdf' })).toHaveAttribute(
      'href',
      P.officeOfferLetter(CLAIMED.id),
    );
    await user.click(dialog.getByRole('button', { name: 'Verify or reject' }));
    expect(await dialog.findByText(PLACEMENT_MESSAGES.note)).toBeInTheDocument();
    expect(api.callsTo(VERIFY)).toHaveLength(0);

    await user.type(dialog.getByLabelText(/^What you checked/), 'Letter on HDFC letterhead, signed by HR');
    await user.click(dialog.getByRole('button', { name: 'Verify or reject' }));
    const stepUp = within(await screen.findByRole('dialog', { name: 'Confirm it is you' }));
    await user.type(stepUp.getByLabelText(/Authentication code/), '123456');
    await user.click(stepUp.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(VERIFY).map((c) => c.body)).toEqual([
      { note: 'Letter on HDFC letterhead, signed by HR' },
      { note: 'Letter on HDFC letterhead, signed by HR' },
    ]);
    expect(api.callsTo(`GET ${P.offers}`).length).toBeGreaterThan(1);
  });

  it('rejects with a note, and shows the server’s refusal of an offer no longer claimed', async () => {
    const REJECT = `POST ${P.rejectOffer(CLAIMED.id)}`;
    const { user, api } = tab('offers', { [REJECT]: fail(400, { error: PLACEMENT_MESSAGES.notClaimed }) });
    await user.click(
      within(await screen.findByRole('row', { name: /Asha Rao/ })).getByRole('button', { name: 'Verify or reject' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify or reject' }));
    await user.selectOptions(dialog.getByLabelText(/^Decision/), 'reject');
    await user.type(dialog.getByLabelText(/^What you checked/), 'The letter names another candidate');
    await user.click(dialog.getByRole('button', { name: 'Verify or reject' }));
    expect(await dialog.findByText(PLACEMENT_MESSAGES.notClaimed)).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]!.body).toEqual({ note: 'The letter names another candidate' });
  });

  it('records an offer for a student, with the batch and employer chosen by name', async () => {
    const ADD = `POST ${P.offers}`;
    const { user, api } = tab('offers', { [ADD]: { status: 201, body: CLAIMED } });
    await screen.findByRole('row', { name: /Asha Rao/ });
    await user.click(screen.getByRole('button', { name: /Add New/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Offer' }));
    await user.type(dialog.getByLabelText(/^Student/), '40');
    await user.selectOptions(await dialog.findByLabelText(/^Batch/), 'Credit Analyst Program · March 2026');
    await user.selectOptions(dialog.getByLabelText(/^Employer/), 'HDFC Bank');
    await user.type(dialog.getByLabelText(/^Designation/), 'Credit Analyst');
    await user.type(dialog.getByLabelText(/^Annual CTC/), '650000');
    await user.type(dialog.getByLabelText(/^Offer date/), '2026-04-02');
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      student: 40,
      batch: 7,
      employer: 1,
      designation: 'Credit Analyst',
      annual_ctc: 650_000,
      offer_date: '2026-04-02',
    });
  });

  it('asks the employer to confirm through a link to an HR contact, and shows the domain rule’s refusal', async () => {
    const SEND = `POST ${P.requestConfirmation(CLAIMED.id)}`;
    let answers = 0;
    const { user, api } = tab('offers', {
      [SEND]: () =>
        ++answers === 1
          ? fail(400, { error: PLACEMENT_MESSAGES.contactNotOnDomain('hdfcbank.example') })
          : ok({ sent_to: 'priya@hdfcbank.example', expires_at: '2026-04-04T10:00:00.000Z' }),
    });
    await user.click(
      within(await screen.findByRole('row', { name: /Asha Rao/ })).getByRole('button', { name: 'Ask employer' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask employer' }));
    await user.type(dialog.getByLabelText(/HR contact's email/), 'asha@gmail.example');
    await user.click(dialog.getByRole('button', { name: 'Send confirmation link' }));
    expect(await dialog.findByText(PLACEMENT_MESSAGES.contactNotOnDomain('hdfcbank.example'))).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/HR contact's email/));
    await user.type(dialog.getByLabelText(/HR contact's email/), 'priya@hdfcbank.example');
    await user.click(dialog.getByRole('button', { name: 'Send confirmation link' }));
    expect(await dialog.findByText(/Confirmation link sent to priya@hdfcbank\.example/)).toBeInTheDocument();
    expect(api.callsTo(SEND).map((c) => c.body)).toEqual([
      { contact_email: 'asha@gmail.example' },
      { contact_email: 'priya@hdfcbank.example' },
    ]);
  });
});
