import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, PRIVACY_PATHS, type Incident, type PrivacyRequest } from '../../contract/index.ts';
import { istDayStart } from '../../contract/time.ts';
import { ok, type FakeRequest } from './support/fake-api.ts';
import { sampleImpact } from '../support/models/index.ts';
import { admin } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** The admin Privacy tab: privacy requests worked oldest first, and breach incidents with their 72 hours. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 0 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const HOUR = 3_600_000;

const request = (over: Partial<PrivacyRequest>): PrivacyRequest => ({
  id: 1,
  user_id: 10,
  username: 'someone',
  kind: 'erasure',
  status: 'received',
  reason: '',
  refusal_reason: '',
  received_at: '2026-09-01T04:30:00.000Z',
  due_at: '2026-11-30T04:30:00.000Z',
  closed_at: null,
  ...over,
});

/** A stateful Privacy API: requests move as the server moves them; incidents are recorded with their deadline. */
function privacyServer() {
  const requests = [
    request({ id: 3, username: 'asha', reason: 'Please delete my data.' }),
    request({ id: 5, username: 'ravi', received_at: '2026-11-01T04:30:00.000Z', due_at: '2027-01-30T04:30:00.000Z' }),
  ];
  const incidents: Incident[] = [];
  const move = (req: FakeRequest) => {
    const id = Number(req.path.split('/').at(-2));
    const target = requests.find((r) => r.id === id)!;
    const action = req.body as { action: string; reason?: string };
    if (action.action === 'verify') target.status = 'verified';
    if (action.action === 'complete') Object.assign(target, { status: 'done', closed_at: new Date().toISOString() });
    if (action.action === 'refuse') Object.assign(target, { status: 'refused', refusal_reason: action.reason });
    return ok(target);
  };
  return {
    [`GET ${API.adminStats}`]: ok(STATS),
    [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
    [`GET ${PRIVACY_PATHS.adminRequests}`]: () => ok(requests),
    [`POST ${PRIVACY_PATHS.adminRequest(3)}`]: move,
    [`POST ${PRIVACY_PATHS.adminRequest(5)}`]: move,
    [`GET ${PRIVACY_PATHS.adminIncidents}`]: () => ok(incidents),
    [`GET ${API.admin.userImpact(10)}`]: ok(sampleImpact),
    [`POST ${PRIVACY_PATHS.adminIncidents}`]: (req: FakeRequest) => {
      const input = req.body as Omit<Incident, 'id'>;
      const incident: Incident = {
        id: 1,
        aware_at: input.aware_at,
        data_categories: input.data_categories,
        people_affected: input.people_affected,
        description: input.description,
        notice_text: input.notice_text,
        board_report_due_at: new Date(Date.parse(input.aware_at) + 72 * HOUR).toISOString(),
        notified_at: null,
        notified_count: 0,
        created_at: new Date().toISOString(),
      };
      incidents.push(incident);
      return { status: 201, body: incident };
    },
  };
}

const card = (text: RegExp) => screen.getByText(text).closest('li')!;

afterEach(() => vi.useRealTimers());

describe('Admin Privacy tab', () => {
  it('lists requests oldest first with their due dates, verifies and erases one, refuses the other with a reason', async () => {
    const { user, api } = renderApp('/admin?tab=privacy', { user: admin, routes: privacyServer() });
    await screen.findByText(/#3 erasure · asha · received/);
    const page = document.body.textContent!;
    expect(page.indexOf('#3 erasure')).toBeLessThan(page.indexOf('#5 erasure'));
    expect(within(card(/#3 erasure/)).getByText(/due 30 Nov 2026, 10:00 am/)).toBeInTheDocument();
    expect(within(card(/#5 erasure/)).getByText(/due 30 Jan 2027, 10:00 am/)).toBeInTheDocument();
    expect(within(card(/#3 erasure/)).getByText('Reason given: Please delete my data.')).toBeInTheDocument();

    await user.click(within(card(/#3 erasure/)).getByRole('button', { name: 'Identity verified' }));
    expect(await screen.findByText(/#3 erasure · asha · verified/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${PRIVACY_PATHS.adminRequest(3)}`)[0]!.body).toEqual({ action: 'verify' });
    // Erase now asks first, listing what the erasure touches (decision 068); nothing is erased before Yes.
    await user.click(within(card(/#3 erasure/)).getByRole('button', { name: 'Erase now' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: "Erase asha's data?" }));
    expect(await confirm.findByText(/Data Science \(program, batch January, active\)/)).toBeInTheDocument();
    expect(confirm.getByText(/Data Science: instalment 2 of 3, ₹20,475.00, due 28 Dec 2026/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${PRIVACY_PATHS.adminRequest(3)}`)).toHaveLength(1);
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${PRIVACY_PATHS.adminRequest(3)}`)).toHaveLength(1);
    await user.click(within(card(/#3 erasure/)).getByRole('button', { name: 'Erase now' }));
    const again = within(await screen.findByRole('alertdialog', { name: "Erase asha's data?" }));
    await user.click(await again.findByRole('button', { name: "Erase asha's data" }));
    expect(await screen.findByText(/#3 erasure · asha · done/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${PRIVACY_PATHS.adminRequest(3)}`)[1]!.body).toEqual({ action: 'complete' });
    expect(within(card(/#3 erasure/)).queryByRole('button')).not.toBeInTheDocument();

    const ravi = card(/#5 erasure/);
    expect(within(ravi).getByRole('button', { name: 'Refuse' })).toBeDisabled();
    await user.type(within(ravi).getByLabelText('Reason for refusing #5'), 'We could not verify who asked.');
    await user.click(within(card(/#5 erasure/)).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Refused: We could not verify who asked.')).toBeInTheDocument();
    expect(screen.getByText(/#5 erasure · ravi · refused/)).toBeInTheDocument();
    expect(api.callsTo(`POST ${PRIVACY_PATHS.adminRequest(5)}`).map((c) => c.body)).toEqual([
      { action: 'refuse', reason: 'We could not verify who asked.' },
    ]);
  });

  it('records an incident and counts down the 72 hours for the Board’s detailed report', async () => {
    // The form's date-time is India time: 09:00 IST on 21 Nov.
    const aware = new Date(Date.parse(istDayStart('2026-11-21')) + 9 * HOUR);
    // Only the clock is fixed (26 h 30 min after the institute became aware); timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(aware.getTime() + 26.5 * HOUR);
    const { user, api } = renderApp('/admin?tab=privacy', { user: admin, routes: privacyServer() });
    await screen.findByRole('heading', { name: 'Breach incidents' });
    fireEvent.change(screen.getByLabelText('Became aware at'), {
      target: { value: '2026-11-21T09:00' },
    });
    await user.type(screen.getByLabelText('What personal data'), 'names and phone numbers');
    await user.clear(screen.getByLabelText('How many people'));
    await user.type(screen.getByLabelText('How many people'), '40');
    await user.type(screen.getByLabelText('What happened'), 'A list was sent to a wrong address.');
    await user.type(screen.getByLabelText(/Notice to the affected people/), 'We asked for it to be deleted.');
    await user.type(screen.getByLabelText(/Affected addresses/), 'one@example.in, two@example.in');
    await user.click(screen.getByRole('button', { name: 'Record incident' }));

    expect(await screen.findByText(/45 h 30 min left/)).toBeInTheDocument();
    expect(screen.getByText(/#1 aware .* · 40 people · names and phone numbers/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the notice to the affected people' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`POST ${PRIVACY_PATHS.adminIncidents}`)).toHaveLength(1));
    const sent = api.callsTo(`POST ${PRIVACY_PATHS.adminIncidents}`)[0]!.body as { aware_at: string };
    // The same instant (the form sends it with India's offset).
    expect(Date.parse(sent.aware_at)).toBe(aware.getTime());
    expect(sent).toEqual({
      aware_at: sent.aware_at,
      data_categories: 'names and phone numbers',
      people_affected: 40,
      description: 'A list was sent to a wrong address.',
      notice_text: 'We asked for it to be deleted.',
      affected_emails: ['one@example.in', 'two@example.in'],
    });
  });
});
