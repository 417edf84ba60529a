import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { deferred, fail, ok, type Handler } from './support/fake-api.ts';
import { admin, payment, flaggedEvent } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

/** Issue 9: refunds from the Payments tab, and the Reconciliation tab. */
const STATS = { total_students: 1, total_programs: 1, total_faculty: 1, total_workshops: 1, total_revenue: 125000 };
const ISSUES = { total_issues: 0, failed_payments: 0, pending_enrollments: 0 };
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function adminAt(url: string, routes: Record<string, Handler> = {}) {
  return renderApp(url, {
    user: admin,
    routes: {
      [`GET ${API.adminStats}`]: ok(STATS),
      [`GET ${API.admin.issueSummary}`]: ok(ISSUES),
      ...routes,
    },
  });
}
const dialog = () => within(screen.getByRole('dialog'));

const completed = payment({ status: 'completed', completed_at: '2026-11-22T10:00:00Z', refunded_amount: 25000 });
const event = flaggedEvent;

describe('Admin refunds', () => {
  it('Refund shows on a completed payment only, with the refunded amount in the table', async () => {
    adminAt('/admin?tab=payments', {
      [`GET ${API.admin.payments}`]: ok(page([completed, payment({ id: 42, status: 'pending' })])),
    });
    const rows = await screen.findAllByRole('row', { name: /Credit Analyst Program/ });
    expect(within(rows[0]!).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: '₹25,000' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('the modal asks the access choice explicitly, and a double submit and a retry send one Idempotency-Key', async () => {
    const first = deferred();
    let calls = 0;
    const { user, api } = adminAt('/admin?tab=payments', {
      [`GET ${API.admin.payments}`]: ok(page([completed])),
      [`POST ${API.admin.refundPayment(41)}`]: () => {
        calls += 1;
        return calls === 1 ? first.handler() : ok({ ...completed, refunded_amount: 35000 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const d = dialog();
    expect(d.getByRole('heading', { name: 'Refund Payment' })).toBeInTheDocument();
    expect(d.getByText(/left to refund/)).toHaveTextContent('₹1,00,000');
    // No hidden default: neither choice is selected until the administrator picks one.
    expect(d.getByLabelText(/^Revoke access/)).not.toBeChecked();
    expect(d.getByLabelText(/^Keep access/)).not.toBeChecked();
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(d.getByText('Choose whether the student keeps access.')).toBeInTheDocument();
    await user.type(d.getByLabelText(/^Amount/), '200000');
    await user.type(d.getByLabelText(/^Reason/), 'Batch moved');
    await user.click(d.getByLabelText(/^Keep access/));
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(d.getByText('At most ₹1,00,000 is left to refund.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.refundPayment(41)}`)).toHaveLength(0);
    await user.clear(d.getByLabelText(/^Amount/));
    await user.type(d.getByLabelText(/^Amount/), '10000');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(d.getByRole('button', { name: 'Refunding...' })).toBeDisabled();
    first.release(fail(503, { error: SERVER_MESSAGES.gatewayUnavailable }));
    // The server's words show in the modal; the retry asks for the same refund.
    expect(await d.findByText(new RegExp(SERVER_MESSAGES.gatewayUnavailable.slice(0, 30)))).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await expectSuccessNotice(MESSAGES.adminRefunded);
    const sent = api.callsTo(`POST ${API.admin.refundPayment(41)}`);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual({ amount: 10000, reason: 'Batch moved', revoke_access: false });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  it('an empty amount refunds all that is left, revoking access', async () => {
    const { user, api } = adminAt('/admin?tab=payments', {
      [`GET ${API.admin.payments}`]: ok(page([completed])),
      [`POST ${API.admin.refundPayment(41)}`]: ok({ ...completed, status: 'refunded', refunded_amount: 125000 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const d = dialog();
    await user.type(d.getByLabelText(/^Reason/), 'Student left');
    await user.click(d.getByLabelText(/^Revoke access/));
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await expectSuccessNotice(MESSAGES.adminRefunded);
    const sent = api.callsTo(`POST ${API.admin.refundPayment(41)}`);
    expect(sent[0]!.body).toEqual({ amount: null, reason: 'Student left', revoke_access: true });
  });

  it('counts what is left in what was charged: a discounted ₹10,000 course charged ₹10,620 with GST', async () => {
    const charged = payment({ status: 'completed', amount: 10000, total_paise: 1_062_000, refunded_amount: 0 });
    const { user, api } = adminAt('/admin?tab=payments', { [`GET ${API.admin.payments}`]: ok(page([charged])) });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const d = dialog();
    expect(d.getByText(/left to refund/)).toHaveTextContent('Paid ₹10,620; left to refund: ₹10,620.');
    await user.type(d.getByLabelText(/^Amount/), '10621');
    await user.type(d.getByLabelText(/^Reason/), 'Too much');
    await user.click(d.getByLabelText(/^Keep access/));
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(d.getByText('At most ₹10,620 is left to refund.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.admin.refundPayment(41)}`)).toHaveLength(0);
  });
});

describe('Reconciliation tab', () => {
  it('lists flagged events and stale pending payments as the API returns them', async () => {
    adminAt('/admin?tab=reconciliation', {
      [`GET ${API.admin.reconciliation}`]: ok({
        flagged: [event, { ...event, id: 8, payment_id: null, flag: 'unknown_order', detail: 'No such order.' }],
        stale_pending: [payment({ id: 43, status: 'pending' })],
      }),
    });
    const events = within(await screen.findByRole('region', { name: 'Flagged gateway events' }));
    const [first, second] = events.getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Captured after our payment was cancelled');
    expect(first).toHaveTextContent('₹1,25,000');
    expect(within(first!).getByRole('button', { name: 'Grant access' })).toBeInTheDocument();
    // No payment of ours: nothing to grant, refund or close only.
    expect(within(second!).queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    const pending = within(screen.getByRole('region', { name: 'Pending payments' }));
    expect(pending.getByRole('cell', { name: 'Credit Analyst Program' })).toBeInTheDocument();
  });

  it.each([
    ['Grant access', 'grant'],
    ['Refund', 'refund'],
    ['Mark resolved', 'resolve'],
  ])('%s asks a note and posts the action', async (label, action) => {
    const { user, api } = adminAt('/admin?tab=reconciliation', {
      [`GET ${API.admin.reconciliation}`]: ok({ flagged: [event], stale_pending: [] }),
      [`POST ${API.admin.reconciliationResolve(7)}`]: ok({ ...event, resolved_at: '2026-11-22T11:00:00Z' }),
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('button', { name: label }));
    const d = dialog();
    expect(d.getByRole('heading', { name: label })).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: label }));
    expect(d.getByText('Note is required.')).toBeInTheDocument();
    await user.type(d.getByLabelText(/^Note/), 'Checked on the gateway dashboard.');
    await user.click(d.getByRole('button', { name: label }));
    await expectSuccessNotice(MESSAGES.adminResolved);
    expect(api.callsTo(`POST ${API.admin.reconciliationResolve(7)}`)[0]!.body).toEqual({
      action,
      note: 'Checked on the gateway dashboard.',
    });
    // The tab reloads after the change.
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.reconciliation}`)).toHaveLength(2));
  });

  it('Sync asks the gateway and says how many it completed; the lists reload', async () => {
    const sync = deferred();
    const { user, api } = adminAt('/admin?tab=reconciliation', {
      [`GET ${API.admin.reconciliation}`]: ok({ flagged: [], stale_pending: [] }),
      [`POST ${API.admin.reconciliationSync}`]: sync.handler,
    });
    expect(await screen.findByText('No flagged events.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toHaveAccessibleDescription(
      /asks the gateway about pending payments' orders/,
    );
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    sync.release(ok({ checked: 3, completed: 2, errors: [] }));
    await expectSuccessNotice('Asked the gateway about 3 pending payments: 2 completed.');
    await waitFor(() => expect(api.callsTo(`GET ${API.admin.reconciliation}`)).toHaveLength(2));
  });

  it('Sync refused: the server’s words', async () => {
    const { user } = adminAt('/admin?tab=reconciliation', {
      [`GET ${API.admin.reconciliation}`]: ok({ flagged: [], stale_pending: [] }),
      [`POST ${API.admin.reconciliationSync}`]: fail(503, { error: SERVER_MESSAGES.gatewayUnavailable }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sync' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.gatewayUnavailable);
  });
});
