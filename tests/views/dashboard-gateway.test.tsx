import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { pageNavigation } from '../../src/features/checkout/api/gateway.ts';
import { fail, ok, type Handler } from './support/fake-api.ts';
import { enrollment, payment, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

/** Issue 9: the dashboard's Complete Payment leads through the payment gateway (here the sandbox's page). */
const ENROLLMENTS = `GET ${API.enrollments.list}`;
const PAYMENTS = `GET ${API.payments.list}`;
const pending = payment({ id: 50, course: 2, status: 'pending', program_title: 'NBFC Incubator' });
const order = {
  ...pending,
  gateway: {
    name: 'razorpay',
    key_id: 'rzp_test_localsandbox',
    order_id: 'order_Dash0rder0001',
    amount: 4_500_000,
    currency: 'INR',
    sandbox_checkout_url: '/gateway-sandbox/checkout',
  },
};
const proof = {
  razorpay_order_id: 'order_Dash0rder0001',
  razorpay_payment_id: 'pay_Dash0Payment01',
  razorpay_signature: 'b'.repeat(64),
};

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;

function dashboard(url: string, routes: Record<string, Handler> = {}) {
  return renderApp(url, {
    user: student,
    routes: {
      [ENROLLMENTS]: ok([enrollment({ course: 1 })]),
      [PAYMENTS]: ok([pending]),
      [`GET ${API.programs.list}`]: ok([program(), program({ id: 2, title: 'NBFC Incubator' })]),
      ...routes,
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Dashboard payments through the gateway', () => {
  it('Complete Payment not yet received: the payment’s order goes to the gateway, which returns to /dashboard', async () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => undefined);
    const { user, api } = dashboard('/dashboard', {
      [`POST ${API.payments.complete(50)}`]: fail(400, { error: SERVER_MESSAGES.paymentNotReceived }),
      [`POST ${API.programs.payment(2)}`]: ok(order),
    });
    await screen.findByRole('heading', { name: 'NBFC Incubator' });
    await user.click(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Complete Payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    const target = new URL(go.mock.calls[0]![0]);
    expect(target.pathname).toBe('/gateway-sandbox/checkout');
    expect(target.searchParams.get('order_id')).toBe('order_Dash0rder0001');
    expect(target.searchParams.get('return_url')).toBe('/dashboard?payment=50');
    // The same pending payment (no second one): the start answers its live order.
    expect(api.callsTo(`POST ${API.programs.payment(2)}`)).toHaveLength(1);
    expect(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('back with a declined card: the failure text, and Complete Payment to try again', async () => {
    dashboard('/dashboard?payment=50&gateway_result=failed&error_code=BAD_REQUEST_ERROR');
    const card = within((await screen.findByRole('heading', { name: 'NBFC Incubator' })).closest('article')!);
    expect(card.getByRole('alert')).toHaveTextContent(MESSAGES.checkoutFailed);
    expect(card.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });

  it('back from a closed gateway step: nothing was charged, Complete Payment when ready', async () => {
    dashboard('/dashboard?payment=50&gateway_result=cancelled');
    const card = within((await screen.findByRole('heading', { name: 'NBFC Incubator' })).closest('article')!);
    expect(card.getByRole('alert')).toHaveTextContent(MESSAGES.checkoutCancelled);
    expect(card.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });

  it('back paid: the proof is verified and the course moves to My Courses', async () => {
    const completed = { ...pending, status: 'completed' as const, completed_at: '2026-11-22T10:00:00Z' };
    const query = new URLSearchParams({ payment: '50', gateway_result: 'success', ...proof });
    const { api } = dashboard(`/dashboard?${query.toString()}`, {
      [`POST ${API.payments.verify(50)}`]: () => {
        api.on(ENROLLMENTS, ok([enrollment({ course: 1 }), enrollment({ id: 10, course: 2 })]));
        api.on(PAYMENTS, ok([completed]));
        return ok({ payment: completed, enrollment: enrollment({ id: 10, course: 2 }) });
      },
    });
    expect(await screen.findByRole('heading', { name: 'My Courses (2)' })).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.payments.verify(50)}`)[0]!.body).toEqual(proof);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.paymentCompleted);
  });

  it('back paid after the webhook already completed it: the course is under My Courses with the success text', async () => {
    const completed = { ...pending, status: 'completed' as const, completed_at: '2026-11-22T10:00:00Z' };
    const query = new URLSearchParams({ payment: '50', gateway_result: 'success', ...proof });
    const { api } = dashboard(`/dashboard?${query.toString()}`, {
      [ENROLLMENTS]: ok([enrollment({ course: 1 }), enrollment({ id: 10, course: 2 })]),
      [PAYMENTS]: ok([completed]),
    });
    expect(await screen.findByRole('heading', { name: 'My Courses (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.paymentCompleted);
    expect(api.callsTo(`POST ${API.payments.verify(50)}`)).toHaveLength(0);
  });
});
