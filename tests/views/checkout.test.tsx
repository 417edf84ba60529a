import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API,
  CHECKOUT_MESSAGES,
  CONSENT_LABELS,
  CHECKOUT_GATEWAY_NOTE,
  CHECKOUT_OUTCOME_MESSAGES,
  CONSENT_PURPOSES,
  COUPON_PATHS,
  MESSAGES,
  SERVER_MESSAGES,
} from '../../contract/index.ts';
import { deferred, fail, ok } from './support/fake-api.ts';
import { enrollment, payment, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { pageNavigation } from '../../src/features/checkout/api/gateway.ts';
import { expectSuccessNotice } from './support/notices.ts';

const PROGRAM = `GET ${API.programs.detail(1)}`;
const GATEWAY = {
  name: 'razorpay',
  key_id: 'rzp_test_localsandbox',
  order_id: 'order_V1ewTest000001',
  amount: 12_500_000,
  currency: 'INR',
  sandbox_checkout_url: '/gateway-sandbox/checkout',
} as const;

async function fillDetails(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/Phone/), '9876543210');
  await user.selectOptions(screen.getByLabelText(/State or union territory/), '27');
  await user.type(screen.getByLabelText(/Address/), '12 Marine Drive, Mumbai 400020');
}

/** No field of the checkout asks for card data or a UPI ID: the gateway's page does. */
function expectNoCardFields() {
  for (const label of [/Card number/i, /Name on card/i, /Expiry/i, /CVV/i, /UPI ID/i])
    expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
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

  it('shows field errors from the contract rules next to the fields, and asks for no card data', async () => {
    const { user, api } = renderApp('/payment/program/1', { user: student, routes: { [PROGRAM]: ok(program()) } });
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(screen.getByText(CHECKOUT_MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_MESSAGES.address)).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
    expectNoCardFields();
    expect(screen.getByText(CHECKOUT_GATEWAY_NOTE)).toBeInTheDocument();
    // The method stays a choice (a preference for the gateway's page), with no field of its own.
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    expectNoCardFields();
    // No payment starts (the only POST is the coupon entry's look-up of a scholarship).
    expect(api.calls.filter((c) => c.method === 'POST' && c.path !== COUPON_PATHS.check)).toHaveLength(0);
  });

  it('pays: "Processing...", sends the person but never the card, and hands the order to the gateway page', async () => {
    const start = deferred();
    const left: string[] = [];
    const go = pageNavigation.go;
    pageNavigation.go = (url) => left.push(url);
    try {
      const { user, api } = renderApp('/payment/program/1', {
        user: student,
        routes: { [PROGRAM]: ok(program()), [`POST ${API.programs.payment(1)}`]: start.handler },
      });
      await screen.findByRole('button', { name: 'Pay' });
      expect(screen.getByLabelText(/First name/)).toHaveValue('Priya');
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      expect(await screen.findByRole('button', { name: MESSAGES.processing })).toBeDisabled();
      start.release({ status: 201, body: { ...payment({ id: 77 }), gateway: GATEWAY } });
      await waitFor(() => expect(left).toHaveLength(1));
      const url = new URL(left[0]!);
      expect(url.pathname).toBe('/gateway-sandbox/checkout');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        order_id: GATEWAY.order_id,
        key_id: GATEWAY.key_id,
        return_url: '/payment/program/1?payment=77',
      });
      // Still "Processing..." while the browser leaves.
      expect(screen.getByRole('button', { name: MESSAGES.processing })).toBeDisabled();
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
        // Nothing ticked: only the notice is acknowledged.
        consents: { marketing_email: false, whatsapp: false, sms: false, notice_version: '2026-11' },
      });
    } finally {
      pageNavigation.go = go;
    }
  });

  it('asks for each optional purpose as its own unticked box and sends the ones ticked with the notice version', async () => {
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: {
        [PROGRAM]: ok(program()),
        [`POST ${API.programs.payment(1)}`]: fail(400, { error: SERVER_MESSAGES.gatewayUnavailable }),
      },
    });
    await screen.findByRole('button', { name: 'Pay' });
    const boxes = CONSENT_PURPOSES.map((purpose) => screen.getByRole('checkbox', { name: CONSENT_LABELS[purpose] }));
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(await screen.findByText(/\(version 2026-11\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABELS.whatsapp }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.callsTo(`POST ${API.programs.payment(1)}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${API.programs.payment(1)}`)[0]!.body).toMatchObject({
      consents: { marketing_email: false, whatsapp: true, sms: false, notice_version: '2026-11' },
    });
  });

  it('back from the gateway page: confirms without showing the form, then lands on the dashboard with one success text', async () => {
    const proof = {
      razorpay_order_id: GATEWAY.order_id,
      razorpay_payment_id: 'pay_B4ck',
      razorpay_signature: 'ab'.repeat(32),
    };
    const verify = deferred();
    const { api, router } = renderApp(
      `/payment/program/1?payment=77&gateway_result=success&${new URLSearchParams(proof).toString()}`,
      { user: student, routes: { [PROGRAM]: ok(program()), [`POST ${API.payments.verify(77)}`]: verify.handler } },
    );
    // While our server checks the proof: no reset checkout with the full price and a Pay button.
    expect(await screen.findByText(CHECKOUT_OUTCOME_MESSAGES.confirming)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByText('₹1,25,000')).not.toBeInTheDocument();
    verify.release({
      status: 200,
      body: { payment: payment({ id: 77, status: 'completed' }), enrollment: enrollment() },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo(`POST ${API.payments.verify(77)}`)[0]!.body).toEqual(proof);
    await expectSuccessNotice(MESSAGES.checkoutSuccess);
    expect(screen.getAllByText(MESSAGES.checkoutSuccess)).toHaveLength(1);
  });

  it('back from the gateway page after a decline or a close: says what happened and what to do, and Pay again', async () => {
    for (const [result, text] of [
      ['failed', CHECKOUT_OUTCOME_MESSAGES.declined],
      ['cancelled', CHECKOUT_OUTCOME_MESSAGES.cancelled],
    ] as const) {
      const { unmount } = renderApp(`/payment/program/1?payment=77&gateway_result=${result}`, {
        user: student,
        routes: { [PROGRAM]: ok(program()) },
      });
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
      unmount();
    }
    expect(CHECKOUT_OUTCOME_MESSAGES.declined.startsWith(MESSAGES.checkoutFailed)).toBe(true);
  });

  it('shows the failure text and lets the student try again', async () => {
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: { [PROGRAM]: ok(program()), [`POST ${API.programs.payment(1)}`]: fail(500, {}) },
    });
    await screen.findByRole('button', { name: 'Pay' });
    await fillDetails(user);
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

describe('Checkout summary: the GST the student pays, as the server charges it', () => {
  /** The breakdown's rows as "label amount" texts. */
  async function breakdown(): Promise<string[]> {
    const region = await screen.findByRole('region', { name: 'Price breakdown' });
    const terms = within(region).getAllByRole('term');
    const values = within(region).getAllByRole('definition');
    return terms.map((term, i) => `${term.textContent} ${values[i]!.textContent}`);
  }

  it('prices including GST (the default): the ₹1,25,000 price split into taxable value and CGST + SGST, or IGST', async () => {
    const { user } = renderApp('/payment/program/1', { user: student, routes: { [PROGRAM]: ok(program()) } });
    expect(await screen.findByText('incl. GST')).toBeInTheDocument();
    // No billing state yet: the institute's state (Maharashtra) is the place of supply.
    expect(await breakdown()).toEqual([
      'Taxable value ₹1,05,932.20',
      'CGST 9% ₹9,533.90',
      'SGST 9% ₹9,533.90',
      'Total payable ₹1,25,000.00',
    ]);
    expect(screen.getByText(/Place of supply: Maharashtra\./)).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText(/State or union territory/), '29');
    expect(await breakdown()).toEqual([
      'Taxable value ₹1,05,932.20',
      'IGST 18% ₹19,067.80',
      'Total payable ₹1,25,000.00',
    ]);
    expect(screen.getByText(/Place of supply: Karnataka\./)).toBeInTheDocument();
  });

  it('prices excluding GST (PRICES_INCLUDE_GST=0): the tax on top and the larger total', async () => {
    const { user } = renderApp('/payment/program/1', {
      user: student,
      routes: { [PROGRAM]: ok(program()) },
      pricing: { prices_include_gst: false, institute_state_code: '27' },
    });
    expect(await screen.findByText('+ 18% GST')).toBeInTheDocument();
    expect(await breakdown()).toEqual([
      'Taxable value ₹1,25,000.00',
      'CGST 9% ₹11,250.00',
      'SGST 9% ₹11,250.00',
      'Total payable ₹1,47,500.00',
    ]);
    await user.selectOptions(await screen.findByLabelText(/State or union territory/), '07');
    expect(await breakdown()).toEqual([
      'Taxable value ₹1,25,000.00',
      'IGST 18% ₹22,500.00',
      'Total payable ₹1,47,500.00',
    ]);
    expect(screen.getByText(/GST is added to the price\. Place of supply: Delhi\./)).toBeInTheDocument();
  });
});
