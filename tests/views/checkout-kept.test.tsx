import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, CHECKOUT_OUTCOME_MESSAGES, CONSENT_LABELS } from '../../contract/index.ts';
import { fail, ok } from './support/fake-api.ts';
import { payment, program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { pageNavigation } from '../../src/features/checkout/api/gateway.ts';

/**
 * A declined or cancelled payment at the gateway's page brings the checkout back as the student left it
 * (decision record 067): the browser leaves for the sandbox's page and comes back to a new page.
 */
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

describe('Checkout after a declined or cancelled payment', () => {
  it('a declined payment keeps everything the student typed before the gateway page', async () => {
    const left: string[] = [];
    const go = pageNavigation.go;
    pageNavigation.go = (url) => left.push(url);
    try {
      const first = renderApp('/payment/program/1', {
        user: student,
        routes: {
          [PROGRAM]: ok(program()),
          [`POST ${API.programs.payment(1)}`]: ok({ ...payment({ id: 77 }), gateway: GATEWAY }),
        },
      });
      await screen.findByRole('button', { name: 'Pay' });
      await fillDetails(first.user);
      await first.user.clear(screen.getByLabelText(/First name/));
      await first.user.type(screen.getByLabelText(/First name/), 'Asha');
      await first.user.click(screen.getByRole('radio', { name: 'UPI' }));
      await first.user.click(screen.getByRole('checkbox', { name: CONSENT_LABELS.sms }));
      await first.user.click(screen.getByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(left).toHaveLength(1));
      first.unmount();
    } finally {
      pageNavigation.go = go;
    }
    // The browser comes back from the sandbox's page, declined: a new page, the same details.
    const { api } = renderApp('/payment/program/1?payment=77&gateway_result=failed', {
      user: student,
      routes: { [PROGRAM]: ok(program()), [`POST ${API.programs.payment(1)}`]: fail(400, {}) },
    });
    expect(await screen.findByText(CHECKOUT_OUTCOME_MESSAGES.declined)).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Asha');
    expect(screen.getByLabelText(/Phone/)).toHaveValue('9876543210');
    expect(screen.getByLabelText(/State or union territory/)).toHaveValue('27');
    expect(screen.getByLabelText(/Address/)).toHaveValue('12 Marine Drive, Mumbai 400020');
    expect(screen.getByRole('radio', { name: 'UPI' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: CONSENT_LABELS.sms })).toBeChecked();
    expect(api.callsTo(`POST ${API.programs.payment(1)}`)).toHaveLength(0);
  });
});
