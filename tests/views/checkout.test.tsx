import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API, CHECKOUT_MESSAGES, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { deferred, fail, ok } from './support/fake-api.ts';
import { payment, program, student, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const PROGRAM = `GET ${API.programs.detail(1)}`;

async function fillCard(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/Phone/), '9876543210');
  await user.selectOptions(screen.getByLabelText(/State or union territory/), '27');
  await user.type(screen.getByLabelText(/Address/), '12 Marine Drive, Mumbai 400020');
  await user.type(screen.getByLabelText(/Card number/), '4111 1111 1111 1111');
  await user.type(screen.getByLabelText(/Name on card/), 'PRIYA SHARMA');
  await user.type(screen.getByLabelText(/Expiry date/), '12/39');
  await user.type(screen.getByLabelText(/CVV/), '123');
}

describe('Checkout', () => {
  it('shows "Failed to load course details. Please try again." for an invalid type, with Back to Programs', async () => {
    const { api } = renderApp('/payment/course/1');
    expect(await screen.findByText(MESSAGES.courseLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Programs' })).toHaveAttribute('href', '/programs');
    expect(api.calls.filter((c) => c.path.startsWith('/classroom/'))).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the failed-load screen when the course cannot be loaded', async () => {
    renderApp('/payment/workshop/99');
    expect(await screen.findByText(MESSAGES.courseLoadFailed)).toBeInTheDocument();
  });

  it('asks a visitor to log in or register, returning to the checkout', async () => {
    renderApp('/payment/program/1', { routes: { [PROGRAM]: ok(program()) } });
    expect(await screen.findByRole('heading', { name: 'Credit Analyst Program' })).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in to continue' })).toHaveAttribute(
      'href',
      '/login?next=%2Fpayment%2Fprogram%2F1',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?next=%2Fpayment%2Fprogram%2F1',
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('shows field errors from the contract rules next to the fields, and UPI fields for UPI', async () => {
    const { user, api } = renderApp('/payment/program/1', { user: student, routes: { [PROGRAM]: ok(program()) } });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(screen.getByText(CHECKOUT_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.cardNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.expiryRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.cvvRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.nameOnCard)).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/UPI ID/), 'not-upi');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByText(CHECKOUT_MESSAGES.upi)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('pays: "Processing...", sends the person but never the card, shows the success text, then goes to /programs', async () => {
    const start = deferred();
    const { user, api, router } = renderApp('/payment/program/1', {
      user: student,
      routes: {
        [PROGRAM]: ok(program()),
        [`POST ${API.programs.payment(1)}`]: start.handler,
        [`POST ${API.payments.complete(77)}`]: ok({
          payment: payment({ id: 77, status: 'completed' }),
          enrollment: (await import('./support/fixtures.ts')).enrollment(),
        }),
        [`GET ${API.programs.list}`]: ok([program()]),
      },
    });
    await screen.findByRole('button', { name: 'Pay' });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Priya');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('button', { name: MESSAGES.processing })).toBeDisabled();
    start.release({ status: 201, body: payment({ id: 77 }) });
    await expectSuccessNotice(MESSAGES.checkoutSuccess);
    const sent = api.callsTo(`POST ${API.programs.payment(1)}`)[0]!.body;
    expect(sent).toEqual({
      payment_method: 'credit_card',
      billing: {
        first_name: 'Priya',
        last_name: 'Sharma',
        email: 'student@example.in',
        phone: '9876543210',
        state_code: '27',
        address: '12 Marine Drive, Mumbai 400020',
      },
    });
    expect(JSON.stringify(api.calls.map((c) => c.body))).not.toMatch(/4111|123|12\/39/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'), { timeout: 10_000 });
    // /programs is a lazy route: its own "Loading..." status may come first, so wait for the notice itself.
    await expectSuccessNotice(MESSAGES.checkoutSuccess);
  });

  it('waits the 2000 ms gateway step in demo mode', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, api } = renderApp('/payment/workshop/5', {
      user: student,
      demo: true,
      routes: {
        [`GET ${API.workshops.detail(5)}`]: ok(workshop()),
        [`POST ${API.workshops.payment(5)}`]: {
          status: 201,
          body: payment({ id: 78, course_type: 'workshop', course: 5 }),
        },
        [`POST ${API.payments.complete(78)}`]: ok({
          payment: payment({ id: 78, status: 'completed' }),
          enrollment: (await import('./support/fixtures.ts')).enrollment(),
        }),
      },
    });
    await screen.findByRole('button', { name: 'Pay' });
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    await user.type(screen.getByLabelText(/Phone/), '9876543210');
    await user.selectOptions(screen.getByLabelText(/State or union territory/), '29');
    await user.type(screen.getByLabelText(/Address/), '4 MG Road, Bengaluru 560001');
    await user.type(screen.getByLabelText(/UPI ID/), 'priya@okbank');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.callsTo(`POST ${API.workshops.payment(5)}`)).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(api.callsTo(`POST ${API.payments.complete(78)}`)).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(api.callsTo(`POST ${API.payments.complete(78)}`)).toHaveLength(1));
    expect(await screen.findByText(MESSAGES.checkoutSuccess)).toBeInTheDocument();
  });

  it('shows the failure text and lets the student try again', async () => {
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: { [PROGRAM]: ok(program()), [`POST ${API.programs.payment(1)}`]: fail(500, {}) },
    });
    await screen.findByRole('button', { name: 'Pay' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.checkoutFailed);
    api.on(`POST ${API.programs.payment(1)}`, fail(400, { error: SERVER_MESSAGES.alreadyEnrolled }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    // The spec's text first, then the server's reason.
    expect(
      await screen.findByText(`${MESSAGES.checkoutFailed} ${SERVER_MESSAGES.alreadyEnrolled}`),
    ).toBeInTheDocument();
  });
});
