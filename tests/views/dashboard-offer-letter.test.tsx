import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  API,
  fileTooLarge,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  PLACEMENT_PATHS as P,
  type Offer,
  type StudentPlacementBatch,
} from '../../contract/index.ts';
import { offerLetterMachine, type FormSubmitContext } from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { offerLetterModel, offerWithLetter, reportedOffer } from '../support/models/index.ts';
import { OfferLetterForm } from '../../src/features/dashboard/components/offer-letter-form.tsx';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';
import { inState, replayInView } from './support/replay-view.ts';

/**
 * The dashboard's offer letter after the report (decision record 078): a claimed offer has Add offer letter
 * (Replace once it has one), a PDF sent through the one upload; the list shows the letter without a page
 * reload; a refusal shows in that offer's form, focused; a verified offer's letter is final (no form).
 */
const MARCH: StudentPlacementBatch = {
  batch: 7,
  batch_name: 'March 2026',
  program_title: 'Credit Analyst Program',
  ends_on: '2026-03-15',
  opt_out: false,
  placed: false,
};
const VERIFIED: Offer = { ...reportedOffer, id: 9, employer_name: 'CRISIL', status: 'verified' };
const PUT = `PUT ${P.offerLetter(reportedOffer.id)}`;
const pdf = () => new File(['%PDF-1.4'], 'HDFC offer.pdf', { type: 'application/pdf' });

function dashboard(routes: Record<string, Handler> = {}) {
  return renderApp('/dashboard', {
    user: student,
    routes: {
      [`GET ${API.enrollments.list}`]: ok([]),
      [`GET ${API.payments.list}`]: ok([]),
      [`GET ${API.programs.list}`]: ok([]),
      [`GET ${P.studentBatches}`]: ok([MARCH]),
      [`GET ${P.studentOffers}`]: ok([VERIFIED, reportedOffer]),
      ...routes,
    },
  });
}
const letterForm = async () =>
  within(await screen.findByRole('form', { name: 'Offer letter: Credit Analyst, HDFC Bank' }));

describe('Dashboard: a claimed offer’s letter', () => {
  it('adds the letter through the one upload; the list links it and offers Replace, without a page reload', async () => {
    let offers: Offer[] = [VERIFIED, reportedOffer];
    const { user, api } = dashboard({
      [`GET ${P.studentOffers}`]: () => ok(offers),
      [PUT]: () => {
        offers = [VERIFIED, offerWithLetter];
        return ok(offerWithLetter);
      },
    });
    const form = await letterForm();
    expect(screen.queryByRole('form', { name: /Offer letter: .*CRISIL/ })).not.toBeInTheDocument();
    expect(form.getByText(/^PDF, at most 20 MB/)).toBeInTheDocument();
    await user.upload(form.getByLabelText(/^Offer letter \(PDF\)/), pdf());
    await user.click(form.getByRole('button', { name: 'Add offer letter' }));
    expect(await form.findByText(D.offerLetterSaved)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Offer letter: HDFC offer.pdf' })).toHaveAttribute(
      'href',
      P.offerLetter(reportedOffer.id),
    );
    expect(form.getByRole('button', { name: 'Replace offer letter' })).toBeEnabled();
    const sent = api.callsTo(PUT)[0]!.body as FormData;
    expect([...sent.keys()]).toEqual(['offer_letter']);
    expect((sent.get('offer_letter') as File).name).toBe('HDFC offer.pdf');
  });

  it('shows the server’s refusal in the offer’s form, focused (the offer verified meanwhile)', async () => {
    const { user } = dashboard({ [PUT]: fail(400, { error: D.offerLetterFinal }) });
    const form = await letterForm();
    await user.upload(form.getByLabelText(/^Offer letter \(PDF\)/), pdf());
    await user.click(form.getByRole('button', { name: 'Add offer letter' }));
    await expectRefusalAt(D.offerLetterFinal, () =>
      screen.getByRole('form', { name: 'Offer letter: Credit Analyst, HDFC Bank' }),
    );
  });

  it('shows the size limit’s refusal, and asks for a file before sending anything', async () => {
    const { user, api } = dashboard({ [PUT]: fail(413, { detail: fileTooLarge(20 * 1024 * 1024) }) });
    const form = await letterForm();
    await user.click(form.getByRole('button', { name: 'Add offer letter' }));
    expect(await form.findByText(D.offerLetterMissing)).toBeInTheDocument();
    expect(api.callsTo(PUT)).toHaveLength(0);
    await user.upload(form.getByLabelText(/^Offer letter \(PDF\)/), pdf());
    await user.click(form.getByRole('button', { name: 'Add offer letter' }));
    await expectRefusalAt(fileTooLarge(20 * 1024 * 1024), () =>
      screen.getByRole('form', { name: 'Offer letter: Credit Analyst, HDFC Bank' }),
    );
  });
});

describe('Offer letter, model-based: every generated path replayed on the form', () => {
  const paths = modelPaths(offerLetterModel, { kind: ['shortest', 'transitions'] });
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(3));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView(offerLetterModel, path, {
        mount: (fakes) => {
          const logic = offerLetterMachine.provide({ actors: fakes.actors as never });
          render(<OfferLetterForm logic={logic} offer={reportedOffer} maxBytes={20 * 1024 * 1024} />);
          return null;
        },
        perform: async (event) => {
          const letter = (event as unknown as { values: { offer_letter?: File } }).values.offer_letter;
          fireEvent.change(screen.getByLabelText(/^Offer letter \(PDF\)/), {
            target: { files: letter ? [letter] : [] },
          });
          const button = screen.getByRole('button', { name: /Add offer letter|Uploading/ });
          // In flight the button is disabled: a second submit is the form's.
          if (button.hasAttribute('disabled')) fireEvent.submit(button.closest('form')!);
          else await user.click(button);
        },
        expectState: (expected) => {
          const context = expected.context as FormSubmitContext<unknown>;
          const error = document.querySelector('.notice-error');
          if (inState(expected, 'failed')) expect(error).toHaveTextContent(context.failure!);
          else expect(error).toBeNull();
          if (inState(expected, 'done')) expect(screen.getByText(D.offerLetterSaved)).toBeInTheDocument();
          else expect(screen.queryByText(D.offerLetterSaved)).toBeNull();
          if (expected.tags.includes('busy'))
            expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Add offer letter' })).toBeEnabled();
          for (const message of Object.values(context.errors)) expect(screen.getByText(message)).toBeInTheDocument();
          if (Object.keys(context.errors).length === 0)
            expect(document.querySelectorAll('.field-error')).toHaveLength(0);
        },
      });
    });
  }
});
