import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEMENT_MESSAGES, PLACEMENT_PATHS as P, type ConfirmationView } from '../../contract/index.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { renderApp } from './support/render-app.tsx';

/**
 * /placement/confirm (decision record 070): the employer's HR opens the single-use link, sees the offer a
 * student reported, and confirms, corrects or denies it. The token rides in the fragment and is posted in a
 * body, never put in a URL the server, a proxy or a Referer could log.
 */
const TOKEN = 'k2J9xQ4vT7mW1pZ8rL5sN3bY6cF0hD2g';
const OFFER: ConfirmationView = {
  employer_name: 'HDFC Bank',
  student_name: 'Asha Rao',
  designation: 'Credit Analyst',
  annual_ctc: 650_000,
  offer_date: '2026-04-02',
  expires_at: '2026-04-04T10:00:00.000Z',
};
const VIEW = `POST ${P.confirmation}`;
const ANSWER = `POST ${P.confirmationAnswer}`;

function confirmPage(routes: Record<string, Handler> = {}, hash = `#token=${TOKEN}`) {
  return renderApp(`/placement/confirm${hash}`, {
    routes: { [VIEW]: ok(OFFER), [ANSWER]: ok({ message: PLACEMENT_MESSAGES.confirmed }), ...routes },
  });
}

describe('Offer confirmation page', () => {
  it('shows the offer and confirms it; the token is posted in bodies, never put in a URL', async () => {
    const { user, api } = confirmPage();
    expect(await screen.findByRole('heading', { name: 'HDFC Bank: an offer to Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Credit Analyst')).toBeInTheDocument();
    expect(screen.getByText('₹6,50,000')).toBeInTheDocument();
    expect(screen.getByText('2 Apr 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(PLACEMENT_MESSAGES.confirmed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    expect(api.callsTo(VIEW).map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(api.callsTo(ANSWER).map((c) => c.body)).toEqual([{ token: TOKEN, decision: 'confirm' }]);
    for (const call of api.calls) expect(`${call.path}?${call.query.toString()}`).not.toContain(TOKEN);
  });

  it('sends a correction of the designation and the CTC', async () => {
    const { user, api } = confirmPage({ [ANSWER]: ok({ message: PLACEMENT_MESSAGES.corrected }) });
    await screen.findByRole('heading', { name: /HDFC Bank/ });
    await user.click(screen.getByLabelText('We made this offer, with corrections'));
    await user.type(screen.getByLabelText('Designation'), 'Senior Credit Analyst');
    await user.type(screen.getByLabelText(/Annual CTC/), '7,20,000');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(PLACEMENT_MESSAGES.corrected)).toBeInTheDocument();
    expect(api.callsTo(ANSWER)[0]!.body).toEqual({
      token: TOKEN,
      decision: 'correct',
      designation: 'Senior Credit Analyst',
      annual_ctc: 720_000,
    });
  });

  it('sends a denial', async () => {
    const { user, api } = confirmPage({ [ANSWER]: ok({ message: PLACEMENT_MESSAGES.denied }) });
    await screen.findByRole('heading', { name: /HDFC Bank/ });
    await user.click(screen.getByLabelText('We did not make this offer'));
    fireEvent.submit(screen.getByRole('button', { name: 'Send answer' }).closest('form')!);
    expect(await screen.findByText(PLACEMENT_MESSAGES.denied)).toBeInTheDocument();
    expect(api.callsTo(ANSWER)[0]!.body).toEqual({ token: TOKEN, decision: 'deny' });
  });

  it('says so when the link was already used, and offers no answer', async () => {
    confirmPage({ [VIEW]: fail(410, { detail: PLACEMENT_MESSAGES.linkUsed }) });
    expect(await screen.findByText(PLACEMENT_MESSAGES.linkUsed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });

  it('shows the server’s words when the link expired between opening and answering', async () => {
    const { user } = confirmPage({ [ANSWER]: fail(410, { detail: PLACEMENT_MESSAGES.linkExpired }) });
    await screen.findByRole('heading', { name: /HDFC Bank/ });
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(PLACEMENT_MESSAGES.linkExpired)).toBeInTheDocument();
  });
});
