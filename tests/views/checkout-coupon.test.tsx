import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, COUPON_MESSAGES, COUPON_PATHS } from '../../contract/index.ts';
import { deferred, fail, ok, type FakeRequest } from './support/fake-api.ts';
import { program, student } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';

const PROGRAM = `GET ${API.programs.detail(1)}`;
const CHECK = `POST ${COUPON_PATHS.check}`;

/** The fake server's check: SAVE10 takes 10% off ₹1,25,000; no scholarship; anything else does not apply. */
function checkAnswer(request: FakeRequest) {
  const code = (request.body as { code?: string }).code;
  if (code?.toUpperCase() === 'SAVE10') {
    return ok({
      valid: true,
      discount_paise: 1_250_000,
      price_after_paise: 11_250_000,
      discount: 12500,
      price_after: 112500,
      message: COUPON_MESSAGES.applied,
      rule: { kind: 'percent', value: 10 },
    });
  }
  // No code (and no scholarship), or a code that does not apply: the full price.
  return ok({
    valid: false,
    discount_paise: 0,
    price_after_paise: 12_500_000,
    discount: 0,
    price_after: 125000,
    message: code === undefined ? '' : COUPON_MESSAGES.notFound,
    rule: null,
  });
}

async function breakdown() {
  const region = await screen.findByRole('region', { name: 'Price breakdown' });
  const terms = within(region).getAllByRole('term');
  const values = within(region).getAllByRole('definition');
  return terms.map((term, i) => `${term.textContent} ${values[i]!.textContent}`);
}

describe('Checkout coupon', () => {
  it('applies a code: the summary shows list price, discount (code), taxable value, GST and total', async () => {
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: { [PROGRAM]: ok(program()), [CHECK]: checkAnswer },
    });
    await user.type(await screen.findByLabelText('Coupon code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(COUPON_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`save10: ${COUPON_MESSAGES.applied}`)).toBeInTheDocument();
    // ₹1,25,000 less ₹12,500 = ₹1,12,500 with GST included: taxable ₹95,338.98.
    await waitFor(async () =>
      expect(await breakdown()).toEqual([
        'List price ₹1,25,000.00',
        'Discount (save10) −₹12,500.00',
        'Taxable value ₹95,338.98',
        'CGST 9% ₹8,580.51',
        'SGST 9% ₹8,580.51',
        'Total payable ₹1,12,500.00',
      ]),
    );
    expect(api.callsTo(CHECK).map((c) => c.body)).toEqual([
      { course_type: 'program', course: 1 },
      { course_type: 'program', course: 1, code: 'NOPE' },
      { course_type: 'program', course: 1, code: 'save10' },
    ]);

    // Remove: back to the list price.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect((await breakdown())[0]).toBe('Taxable value ₹1,05,932.20'));
  });

  it('keeps a code typed while the scholarship is still being looked up, and applies it once that answers', async () => {
    const scholarship = deferred();
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: {
        [PROGRAM]: ok(program()),
        [CHECK]: (request) => ((request.body as { code?: string }).code ? checkAnswer(request) : scholarship.handler()),
      },
    });
    const field = await screen.findByLabelText('Coupon code');
    // The first answer (the scholarship) has not come: Apply waits, the field takes what is typed.
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
    await user.type(field, 'SAVE10');
    expect(field).toHaveValue('SAVE10');
    scholarship.release(checkAnswer(api.callsTo(CHECK)[0]!));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`SAVE10: ${COUPON_MESSAGES.applied}`)).toBeInTheDocument();
    expect(api.callsTo(CHECK).map((c) => c.body)).toEqual([
      { course_type: 'program', course: 1 },
      { course_type: 'program', course: 1, code: 'SAVE10' },
    ]);
  });

  it('shows a scholarship by itself, without a code', async () => {
    renderApp('/payment/program/1', {
      user: student,
      routes: {
        [PROGRAM]: ok(program()),
        [CHECK]: ok({
          valid: true,
          discount_paise: 2_500_000,
          price_after_paise: 10_000_000,
          discount: 25000,
          price_after: 100000,
          message: COUPON_MESSAGES.applied,
          rule: { kind: 'fixed', value: 2_500_000 },
        }),
      },
    });
    expect(await screen.findByText('Your scholarship is applied.')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await breakdown()).slice(0, 2)).toEqual([
        'List price ₹1,25,000.00',
        'Discount (scholarship) −₹25,000.00',
      ]),
    );
  });

  it('sends the applied code with the payment start (the server decides the discount again)', async () => {
    const start = `POST ${API.programs.payment(1)}`;
    const { user, api } = renderApp('/payment/program/1', {
      user: student,
      routes: { [PROGRAM]: ok(program()), [CHECK]: checkAnswer, [start]: fail(400, { error: COUPON_MESSAGES.usedUp }) },
    });
    await user.type(await screen.findByLabelText('Coupon code'), 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(`SAVE10: ${COUPON_MESSAGES.applied}`)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Phone/), '9876543210');
    await user.selectOptions(screen.getByLabelText(/State or union territory/), '27');
    await user.type(screen.getByLabelText(/Address/), '12 Marine Drive, Mumbai 400020');
    await user.click(screen.getByRole('radio', { name: 'UPI' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(api.callsTo(start)).toHaveLength(1));
    expect(api.callsTo(start)[0]!.body).toMatchObject({ payment_method: 'upi', coupon: 'SAVE10' });
    // The server's refusal (the last use was taken meanwhile) shows with the failure text.
    expect(await screen.findByText(new RegExp(COUPON_MESSAGES.usedUp))).toBeInTheDocument();
  });
});
