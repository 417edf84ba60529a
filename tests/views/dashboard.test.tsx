import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API, MESSAGES, SERVER_MESSAGES } from '../../contract/index.ts';
import { deferred, fail, ok, type Handler } from './support/fake-api.ts';
import { enrollment, payment, program, student, workshop } from './support/fixtures.ts';
import { renderApp } from './support/render-app.tsx';
import { expectSuccessNotice } from './support/notices.ts';

const ENROLLMENTS = `GET ${API.enrollments.list}`;
const PAYMENTS = `GET ${API.payments.list}`;
const PROGRAMS = `GET ${API.programs.list}`;

const cardOf = (title: string) => screen.getByRole('heading', { name: title }).closest('article')!;

function dashboard(routes: Record<string, Handler> = {}) {
  return renderApp('/dashboard', {
    user: student,
    routes: {
      [ENROLLMENTS]: ok([enrollment({ course: 1 })]),
      [PAYMENTS]: ok([payment({ id: 50, course: 2, status: 'pending', program_title: 'NBFC Incubator' })]),
      [PROGRAMS]: ok([
        program(),
        program({ id: 2, title: 'NBFC Incubator' }),
        program({ id: 3, title: 'Credit Risk Essentials', price: 45000 }),
      ]),
      ...routes,
    },
  });
}

describe('Student dashboard', () => {
  it('shows an enrolled workshop with its description and price, as program cards do', async () => {
    dashboard({
      [ENROLLMENTS]: ok([
        enrollment({
          id: 9,
          course: 5,
          course_type: 'workshop',
          program: null,
          workshop: { id: 5, title: 'Reading a Credit Memo' },
        }),
      ]),
      [`GET ${API.workshops.list}`]: ok([workshop()]),
    });
    const card = within((await screen.findByRole('heading', { name: 'Reading a Credit Memo' })).closest('article')!);
    expect(card.getByText('A two-hour walkthrough.')).toBeInTheDocument();
    expect(card.getByText('₹1,500')).toBeInTheDocument();
  });

  it('shows an active enrollment with a grey badge (spec: grey for statuses other than completed, pending, failed)', async () => {
    dashboard();
    const mine = within((await screen.findByRole('heading', { name: 'Credit Analyst Program' })).closest('article')!);
    expect(mine.getByText('Active')).toHaveClass('badge-grey');
  });

  it('loads enrollments, payments and programs at once and shows both sections with counts', async () => {
    const enrollments = deferred();
    const { api } = dashboard({ [ENROLLMENTS]: enrollments.handler });
    await waitFor(() => expect(api.callsTo(PROGRAMS)).toHaveLength(1));
    expect(api.callsTo(PAYMENTS)).toHaveLength(1);
    expect(api.callsTo(ENROLLMENTS)).toHaveLength(1);
    enrollments.release(ok([enrollment({ course: 1 })]));
    expect(await screen.findByRole('heading', { name: 'My Courses (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Available Courses (2)' })).toBeInTheDocument();
    const mine = cardOf('Credit Analyst Program');
    expect(within(mine).getByText('Active')).toBeInTheDocument();
    expect(within(mine).getByText('₹1,25,000')).toBeInTheDocument();
    // The course page replaces the spec's disabled button (docs/deviations.md).
    expect(within(mine).getByRole('link', { name: 'Access Course Materials' })).toHaveAttribute('href', '/learn/9');
    expect(within(cardOf('NBFC Incubator')).getByText('Pending')).toHaveClass('badge-amber');
    expect(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(within(cardOf('Credit Risk Essentials')).getByText('Not Enrolled')).toBeInTheDocument();
    expect(within(cardOf('Credit Risk Essentials')).getByRole('button', { name: 'Pay' })).toBeEnabled();
  });

  it('offers Download invoice on a paid course, fetching the PDF with the access token', async () => {
    const { user, api } = dashboard({
      [PAYMENTS]: ok([payment({ id: 51, course: 1, status: 'completed', invoice_number: 'CCI/26-27/00042' })]),
      [`GET ${API.payments.invoice(51)}`]: { status: 200, body: '%PDF-1.3' },
    });
    const mine = await screen.findByRole('heading', { name: 'Credit Analyst Program' });
    const link = within(mine.closest('article')!).getByRole('link', { name: 'Download invoice' });
    expect(link).toHaveAttribute('download', 'Invoice CCI-26-27-00042.pdf');
    await user.click(link);
    await waitFor(() => expect(api.callsTo(`GET ${API.payments.invoice(51)}`)).toHaveLength(1));
    expect(api.callsTo(`GET ${API.payments.invoice(51)}`)[0]!.auth).toBe('Bearer access-1');
    expect(within(cardOf('NBFC Incubator')).queryByRole('link', { name: 'Download invoice' })).toBeNull();
  });

  it('says why a failed invoice download failed (the server’s words), and downloads on the next click', async () => {
    const { user, api } = dashboard({
      [PAYMENTS]: ok([payment({ id: 52, course: 1, status: 'completed', invoice_number: 'CCI/26-27/00043' })]),
      [`GET ${API.payments.invoice(52)}`]: fail(404, { detail: SERVER_MESSAGES.notFound }),
    });
    const mine = await screen.findByRole('heading', { name: 'Credit Analyst Program' });
    const card = mine.closest('article')!;
    await user.click(within(card).getByRole('link', { name: 'Download invoice' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.notFound);
    api.on(`GET ${API.payments.invoice(52)}`, fail(500, null));
    await user.click(within(card).getByRole('link', { name: 'Download invoice' }));
    await waitFor(() => expect(within(card).getByRole('alert')).toHaveTextContent(MESSAGES.invoiceDownloadFailed));
    api.on(`GET ${API.payments.invoice(52)}`, { status: 200, body: '%PDF-1.3' });
    await user.click(within(card).getByRole('link', { name: 'Download invoice' }));
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
  });

  it('Pay creates a pending payment with credit_card and offers Complete Payment', async () => {
    const { user, api } = dashboard({
      [`POST ${API.programs.payment(3)}`]: { status: 201, body: payment({ id: 60, course: 3, status: 'pending' }) },
    });
    await screen.findByRole('heading', { name: 'Credit Risk Essentials' });
    await user.click(within(cardOf('Credit Risk Essentials')).getByRole('button', { name: 'Pay' }));
    await expectSuccessNotice(MESSAGES.paymentStarted, cardOf('Credit Risk Essentials'));
    expect(
      within(cardOf('Credit Risk Essentials')).getByRole('button', { name: 'Complete Payment' }),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${API.programs.payment(3)}`)[0]!.body).toEqual({ payment_method: 'credit_card' });
  });

  it('shows the server error when Pay is refused, else the spec text', async () => {
    const { user, api } = dashboard({
      [`POST ${API.programs.payment(3)}`]: fail(400, { error: SERVER_MESSAGES.alreadyEnrolled }),
    });
    await screen.findByRole('heading', { name: 'Credit Risk Essentials' });
    await user.click(within(cardOf('Credit Risk Essentials')).getByRole('button', { name: 'Pay' }));
    expect(await within(cardOf('Credit Risk Essentials')).findByRole('alert')).toHaveTextContent(
      SERVER_MESSAGES.alreadyEnrolled,
    );
    api.on(`POST ${API.programs.payment(3)}`, fail(500, {}));
    await user.click(within(cardOf('Credit Risk Essentials')).getByRole('button', { name: 'Pay' }));
    expect(await within(cardOf('Credit Risk Essentials')).findByRole('alert')).toHaveTextContent(
      MESSAGES.paymentStartFailed,
    );
  });

  it('Complete Payment grants the course: it moves to My Courses with the success text', async () => {
    const completed = payment({ id: 50, course: 2, status: 'completed', completed_at: '2026-11-22T10:00:00Z' });
    const { user, api } = dashboard({
      [`POST ${API.payments.complete(50)}`]: ok({
        payment: completed,
        enrollment: enrollment({ id: 10, course: 2, program: { id: 2, title: 'NBFC Incubator' } }),
      }),
    });
    await screen.findByRole('heading', { name: 'NBFC Incubator' });
    api.on(ENROLLMENTS, ok([enrollment({ course: 1 }), enrollment({ id: 10, course: 2 })]));
    api.on(PAYMENTS, ok([completed]));
    await user.click(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByRole('heading', { name: 'My Courses (2)' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.paymentCompleted);
    expect(within(cardOf('NBFC Incubator')).getByRole('link', { name: 'Access Course Materials' })).toBeInTheDocument();
  });

  it('shows "Failed to complete payment. Please try again." when completion fails', async () => {
    const { user } = dashboard({
      [`POST ${API.payments.complete(50)}`]: fail(400, { error: SERVER_MESSAGES.paymentNotPending }),
    });
    await screen.findByRole('heading', { name: 'NBFC Incubator' });
    await user.click(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Complete Payment' }));
    expect(await within(cardOf('NBFC Incubator')).findByRole('alert')).toHaveTextContent(
      MESSAGES.paymentCompleteFailed,
    );
    expect(within(cardOf('NBFC Incubator')).getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });

  it('shows the load failure text', async () => {
    dashboard({ [PAYMENTS]: fail(500, {}) });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.adminLoadFailed);
  });
});
