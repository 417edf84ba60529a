import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEMENT_DOCUMENT_MESSAGES as D, PLACEMENT_PATHS as P } from '../../contract/index.ts';
import { fail } from './support/fake-api.ts';
import { CLAIMED, tab } from './support/admin-placement-world.tsx';

/**
 * The Offers tab's Add with the offer letter (decision record 078): the office records a student's offer
 * with the PDF it holds, sent as a form through the one upload; the server's refusal of the file shows at
 * the letter's field.
 */
const ADD = `POST ${P.offers}`;

async function fillOffer(user: ReturnType<typeof tab>['user']) {
  await screen.findByRole('row', { name: /Asha Rao/ });
  await user.click(screen.getByRole('button', { name: /Add New/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Offer' }));
  await user.type(dialog.getByLabelText(/^Student/), '40');
  await user.selectOptions(await dialog.findByLabelText(/^Batch/), 'Credit Analyst Program · March 2026');
  await user.selectOptions(dialog.getByLabelText(/^Employer/), 'HDFC Bank');
  await user.type(dialog.getByLabelText(/^Designation/), 'Credit Analyst');
  await user.type(dialog.getByLabelText(/^Annual CTC/), '650000');
  await user.type(dialog.getByLabelText(/^Offer date/), '2026-04-02');
  const letter = dialog.getByLabelText(/^Offer letter/);
  expect(letter).toHaveAttribute('accept', '.pdf,application/pdf');
  await user.upload(letter, new File(['%PDF-1.4'], 'HDFC offer.pdf', { type: 'application/pdf' }));
  return dialog;
}

describe('Offers tab: Add with the offer letter', () => {
  it('sends the offer and the letter as one form the server reads', async () => {
    const { user, api } = tab('offers', { [ADD]: { status: 201, body: CLAIMED } });
    const dialog = await fillOffer(user);
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.callsTo(ADD)[0]!.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...sent.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      student: '40',
      batch: '7',
      employer: '1',
      designation: 'Credit Analyst',
      annual_ctc: '650000',
      offer_date: '2026-04-02',
    });
    expect((sent.get('offer_letter') as File).name).toBe('HDFC offer.pdf');
  });

  it('shows the server’s refusal of the file at the letter’s field, keeping the dialog open', async () => {
    const { user } = tab('offers', { [ADD]: fail(400, { offer_letter: [D.offerLetterType] }) });
    const dialog = await fillOffer(user);
    await user.click(dialog.getByRole('button', { name: /Save|Add/ }));
    expect(await dialog.findByText(D.offerLetterType)).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Offer letter/)).toHaveAccessibleDescription(new RegExp(D.offerLetterType));
  });
});
