import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  API,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Offer,
  type StudentPlacementBatch,
} from '../../contract/index.ts';
import { offerReportMachine, type FormSubmitContext } from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { offerReportModel, reportedOffer } from '../support/models/index.ts';
import { OfferReportForm } from '../../src/features/dashboard/components/offer-report-form.tsx';
import { fail, ok, type FakeRequest, type Handler } from './support/fake-api.ts';
import { student } from './support/fixtures.ts';
import { expectRefusalAt } from './support/refusal.ts';
import { renderApp } from './support/render-app.tsx';
import { inState, replayInView } from './support/replay-view.ts';

/**
 * The dashboard's Placement section (decision record 078): the student's offers and whether each is
 * verified, Report an offer (its machine's generated paths replayed on the form), and the opt-out per batch.
 */
const MARCH: StudentPlacementBatch = {
  batch: 7,
  batch_name: 'March 2026',
  program_title: 'Credit Analyst Program',
  ends_on: '2026-03-15',
  opt_out: false,
  placed: false,
};
const EARLIER: StudentPlacementBatch = {
  batch: 4,
  batch_name: 'March 2025',
  program_title: 'NBFC Incubator',
  ends_on: '2025-03-15',
  opt_out: false,
  placed: true,
};
const VERIFIED: Offer = {
  ...reportedOffer,
  id: 9,
  batch: 4,
  batch_name: 'March 2025',
  employer_name: 'CRISIL',
  designation: 'Research Analyst',
  annual_ctc: 720_000,
  status: 'verified',
  verified_via: 'employer',
};

function dashboard(routes: Record<string, Handler> = {}) {
  return renderApp('/dashboard', {
    user: student,
    routes: {
      [`GET ${API.enrollments.list}`]: ok([]),
      [`GET ${API.payments.list}`]: ok([]),
      [`GET ${API.programs.list}`]: ok([]),
      [`GET ${P.studentBatches}`]: ok([MARCH, EARLIER]),
      [`GET ${P.studentOffers}`]: ok([VERIFIED, reportedOffer]),
      ...routes,
    },
  });
}
const section = async () => within((await screen.findByRole('heading', { name: 'Placement' })).closest('section')!);

describe('Dashboard: Placement', () => {
  it('lists the student’s offers with whether each is verified', async () => {
    dashboard();
    const placement = await section();
    const offers = within(await placement.findByRole('list', { name: 'Your offers' }));
    expect(offers.getByText(/CRISIL: ₹7,20,000 a year/)).toBeInTheDocument();
    expect(offers.getByText('Verified')).toBeInTheDocument();
    expect(offers.getByText(/HDFC Bank: ₹6,50,000 a year/)).toBeInTheDocument();
    expect(offers.getByText('Waiting for verification')).toBeInTheDocument();
    expect(placement.getByRole('link', { name: 'How we count' })).toHaveAttribute('href', '/placement/methodology');
  });

  it('shows no Placement section to a student of no program batch', async () => {
    dashboard({ [`GET ${P.studentBatches}`]: ok([]), [`GET ${P.studentOffers}`]: ok([]) });
    expect(await screen.findByRole('heading', { name: /My Courses/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Placement' })).not.toBeInTheDocument();
  });

  it('opts out of placement for a batch and shows it; a placed batch offers no opt-out', async () => {
    const OPT = `PATCH ${P.studentBatch(MARCH.batch)}`;
    let optedOut = false;
    const { user, api } = dashboard({
      [`GET ${P.studentBatches}`]: () => ok([{ ...MARCH, opt_out: optedOut }, EARLIER]),
      [OPT]: (request: FakeRequest) => {
        optedOut = (request.body as { opt_out: boolean }).opt_out;
        return ok({ ...MARCH, opt_out: optedOut });
      },
    });
    const placement = await section();
    expect(await placement.findByText('Placed (a verified offer)')).toBeInTheDocument();
    expect(placement.queryByRole('button', { name: /Opt out of placement: NBFC Incubator/ })).not.toBeInTheDocument();
    await user.click(
      placement.getByRole('button', { name: 'Opt out of placement: Credit Analyst Program · March 2026' }),
    );
    expect(await placement.findByText('Opted out of placement')).toBeInTheDocument();
    expect(api.callsTo(OPT).map((c) => c.body)).toEqual([{ opt_out: true }]);
    await user.click(placement.getByRole('button', { name: /Seek placement again: Credit Analyst Program/ }));
    await waitFor(() => expect(api.callsTo(OPT).map((c) => c.body)).toEqual([{ opt_out: true }, { opt_out: false }]));
    expect(await placement.findAllByText('Seeking placement')).not.toHaveLength(0);
  });

  it('shows the server’s refusal of an opt-out', async () => {
    const { user } = dashboard({
      [`PATCH ${P.studentBatch(MARCH.batch)}`]: fail(400, { error: PLACEMENT_MESSAGES.placedCannotOptOut }),
    });
    const placement = await section();
    await user.click(
      await placement.findByRole('button', { name: 'Opt out of placement: Credit Analyst Program · March 2026' }),
    );
    await expectRefusalAt(PLACEMENT_MESSAGES.placedCannotOptOut, () =>
      screen.getByRole('heading', { name: 'Placement' }).closest('section')!,
    );
  });

  it('shows the server’s refusal of a reported offer inside the form, focused, keeping what was typed', async () => {
    const words = 'An offer for this batch and employer is already reported.';
    const { user } = dashboard({ [`POST ${P.studentOffers}`]: fail(400, { error: words }) });
    const placement = await section();
    const form = () => screen.getByRole('form', { name: 'Report an offer' });
    await placement.findByRole('form', { name: 'Report an offer' });
    await user.type(within(form()).getByLabelText(/^Employer/), 'HDFC Bank');
    await user.type(within(form()).getByLabelText(/^Designation/), 'Credit Analyst');
    await user.type(within(form()).getByLabelText(/^Annual CTC/), '6,50,000');
    fireEvent.change(within(form()).getByLabelText(/^Offer date/), { target: { value: '2026-04-02' } });
    await user.click(within(form()).getByRole('button', { name: 'Report offer' }));
    await expectRefusalAt(words, form);
    expect(within(form()).getByLabelText(/^Employer/)).toHaveValue('HDFC Bank');
  });

  it('reports an offer with its letter: sent as a form the contract reads, listed waiting for verification', async () => {
    let offers: Offer[] = [VERIFIED];
    const withLetter: Offer = {
      ...reportedOffer,
      offer_letter: { file_name: 'HDFC offer.pdf', size_bytes: 120_000, url: P.offerLetter(reportedOffer.id) },
    };
    const { user, api } = dashboard({
      [`GET ${P.studentOffers}`]: () => ok(offers),
      [`POST ${P.studentOffers}`]: () => {
        offers = [VERIFIED, withLetter];
        return { status: 201, body: withLetter };
      },
    });
    const placement = await section();
    const form = within(await placement.findByRole('form', { name: 'Report an offer' }));
    await user.type(form.getByLabelText(/^Employer/), 'HDFC Bank');
    await user.type(form.getByLabelText(/^Designation/), 'Credit Analyst');
    await user.type(form.getByLabelText(/^Annual CTC/), '6,50,000');
    fireEvent.change(form.getByLabelText(/^Offer date/), { target: { value: '2026-04-02' } });
    const letter = form.getByLabelText(/^Offer letter/);
    expect(letter).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(form.getByText(/^PDF, at most 20 MB; the placement office reads it/)).toBeInTheDocument();
    await user.upload(letter, new File(['%PDF-1.4'], 'HDFC offer.pdf', { type: 'application/pdf' }));
    await user.click(form.getByRole('button', { name: 'Report offer' }));
    expect(await form.findByText(PLACEMENT_MESSAGES.offerReported)).toBeInTheDocument();
    expect(await placement.findByText('Waiting for verification')).toBeInTheDocument();
    const sent = api.callsTo(`POST ${P.studentOffers}`)[0]!.body as FormData;
    expect([...sent.keys()]).toEqual([
      'batch',
      'employer_name',
      'designation',
      'annual_ctc',
      'offer_date',
      'offer_letter',
    ]);
    expect([sent.get('batch'), sent.get('annual_ctc'), (sent.get('offer_letter') as File).name]).toEqual([
      '7',
      '650000',
      'HDFC offer.pdf',
    ]);
    expect(placement.getByRole('link', { name: 'Offer letter: HDFC offer.pdf' })).toHaveAttribute(
      'href',
      P.offerLetter(reportedOffer.id),
    );
  });

  it('refuses a letter that is not a PDF in the browser, saying so at the field', async () => {
    const { user, api } = dashboard();
    const form = within(await (await section()).findByRole('form', { name: 'Report an offer' }));
    // The browser's file dialog offers PDFs; a file dropped on it may still be another type.
    fireEvent.change(form.getByLabelText(/^Offer letter/), { target: { files: [new File(['PK'], 'offer.docx')] } });
    await user.click(form.getByRole('button', { name: 'Report offer' }));
    expect(await form.findByText(D.offerLetterType)).toBeInTheDocument();
    expect(api.callsTo(`POST ${P.studentOffers}`)).toHaveLength(0);
  });
});

describe('Report an offer, model-based: every generated path replayed on the form', () => {
  const paths = modelPaths(offerReportModel, { kind: ['shortest', 'transitions'] });
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(3));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView(offerReportModel, path, {
        mount: (fakes) => {
          const logic = offerReportMachine.provide({ actors: fakes.actors as never });
          render(<OfferReportForm logic={logic} batches={[MARCH]} maxBytes={20 * 1024 * 1024} />);
          return null;
        },
        perform: async (event) => {
          const values = (event as unknown as { values: Record<string, unknown> }).values;
          for (const [label, name] of [
            [/^Employer/, 'employer_name'],
            [/^Designation/, 'designation'],
            [/^Annual CTC/, 'annual_ctc'],
            [/^Offer date/, 'offer_date'],
          ] as const)
            fireEvent.change(screen.getByLabelText(label), { target: { value: String(values[name] ?? '') } });
          const letter = values.offer_letter as File | undefined;
          fireEvent.change(screen.getByLabelText(/^Offer letter/), { target: { files: letter ? [letter] : [] } });
          const button = screen.getByRole('button', { name: /Report offer|Reporting/ });
          // In flight the button is disabled: a second submit is the form's (Enter in a field).
          if (button.hasAttribute('disabled')) fireEvent.submit(button.closest('form')!);
          else await user.click(button);
        },
        expectState: (expected) => {
          const context = expected.context as FormSubmitContext<unknown>;
          const error = document.querySelector('.notice-error');
          if (inState(expected, 'failed')) expect(error).toHaveTextContent(context.failure!);
          else expect(error).toBeNull();
          if (inState(expected, 'done')) expect(screen.getByText(PLACEMENT_MESSAGES.offerReported)).toBeInTheDocument();
          else expect(screen.queryByText(PLACEMENT_MESSAGES.offerReported)).toBeNull();
          if (expected.tags.includes('busy'))
            expect(screen.getByRole('button', { name: 'Reporting...' })).toBeDisabled();
          else expect(screen.getByRole('button', { name: 'Report offer' })).toBeEnabled();
          for (const message of Object.values(context.errors)) expect(screen.getByText(message)).toBeInTheDocument();
          if (Object.keys(context.errors).length === 0)
            expect(document.querySelectorAll('.field-error')).toHaveLength(0);
        },
      });
    });
  }
});
