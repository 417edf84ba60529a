import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_OUTCOME_MESSAGES, MESSAGES, type CheckoutForm } from '../../contract/index.ts';
import {
  batchChoiceMachine,
  checkoutMachine,
  couponCheckMachine,
  planChoiceMachine,
  sessionMachine,
  type CheckoutContext,
  type CheckoutInput,
} from '../../machines/index.ts';
import { createActorFakes, flush, type ActorFakes } from '../support/actor-fakes.ts';
import { modelPaths } from '../support/machine-model.ts';
import { checkoutViewModel } from '../support/models/index.ts';
import { CheckoutPage } from '../../src/features/checkout/components/checkout-page.tsx';
import { SessionContext } from '../../src/lib/session.ts';
import { student } from './support/fixtures.ts';
import { inState, replayInView } from './support/replay-view.ts';

// Each step renders the page: the few paths that together take every sample event in every state (every edge walked).
const paths = modelPaths(checkoutViewModel, { kind: ['cover'] });
/** A read that never answers: the plans and the coupon check stay busy, offering nothing. */
const silent = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => undefined));
const loggedIn = sessionMachine.provide({
  actors: { loadCurrentUser: fromPromise<typeof student | null, void>(async () => student) },
});

const LABELS: Partial<Record<keyof CheckoutForm, RegExp>> = {
  firstName: /First name/,
  lastName: /Last name/,
  email: /Email/,
  phone: /Phone/,
  stateCode: /State or union territory/,
  address: /Address/,
  gstin: /GSTIN \(optional\)/,
  gstinName: /Legal name on the GSTIN/,
};

async function fill(form: CheckoutForm, user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    screen.getByRole('radio', {
      name: { credit_card: 'Credit Card', debit_card: 'Debit Card', upi: 'UPI' }[form.paymentMethod],
    }),
  );
  for (const [field, label] of Object.entries(LABELS) as [keyof CheckoutForm, RegExp][]) {
    const input = screen.queryByLabelText(label);
    if (input) fireEvent.change(input, { target: { value: form[field] } });
  }
}

describe('checkout, model-based: every generated path replayed on the checkout page', () => {
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(5));

  for (const path of paths) {
    it(path.description, async () => {
      const user = userEvent.setup();
      await replayInView<CheckoutInput, ActorFakes>(checkoutViewModel, path, {
        mount: (fakes, input) => {
          const { courseType, courseId, gatewayReturn, draft } = input as CheckoutInput;
          // The page runs the checkout's real children: the batch choice's read is answered by the path's
          // batch.ready(none) step; the plans and the coupon check never answer.
          const reads = createActorFakes(['loadBatches']);
          const logic = checkoutMachine.provide({
            actors: {
              ...(fakes.actors as object),
              batchChoice: batchChoiceMachine.provide({ actors: { loadBatches: reads.actors.loadBatches as never } }),
              planChoice: planChoiceMachine.provide({ actors: { loadPlans: silent() } }),
              couponCheck: couponCheckMachine.provide({ actors: { checkCoupon: silent() } }),
            } as never,
          });
          const router = createMemoryRouter(
            [
              {
                path: '/payment/:type/:id',
                element: (
                  <CheckoutPage
                    logic={logic}
                    courseType={courseType}
                    courseId={courseId}
                    gatewayReturn={gatewayReturn}
                    draft={draft}
                  />
                ),
              },
              { path: '/programs', element: <p>Programs</p> },
              { path: '/dashboard', element: <p>Dashboard</p> },
            ],
            { initialEntries: [`/payment/${courseType}/${courseId}`] },
          );
          render(
            <SessionContext.Provider logic={loggedIn}>
              <RouterProvider router={router} />
            </SessionContext.Provider>,
          );
          return reads;
        },
        perform: async (event, reads) => {
          if (event.type === 'batch.ready') {
            // The program has no open batch: the batch choice says so once (again, it changes nothing).
            if (reads.pendingIds().includes('loadBatches'))
              await act(async () => {
                reads.resolve('loadBatches', []);
                await flush();
              });
            return;
          }
          await fill((event as unknown as { form: CheckoutForm }).form, user);
          await user.click(screen.getByRole('button', { name: 'Pay' }));
        },
        expectState: (expected) => {
          const context = expected.context as CheckoutContext;
          if (inState(expected, 'loading')) expect(screen.getByText('Loading course details...')).toBeInTheDocument();
          if (inState(expected, 'loadFailed')) {
            expect(screen.getByText(MESSAGES.courseLoadFailed)).toBeInTheDocument();
            expect(screen.getByRole('link', { name: 'Back to Programs' })).toBeInTheDocument();
            return;
          }
          // Paid, the page has left for the dashboard; back from the gateway's page it confirms with no form
          // (both checked below).
          const confirming = expected.tags.includes('paying') && context.gatewayReturn !== null;
          if (context.course && !inState(expected, 'success') && !confirming)
            expect(screen.getByRole('heading', { name: context.course.title })).toBeInTheDocument();
          if (
            inState(expected, 'ready.idle') ||
            inState(expected, 'ready.failure') ||
            inState(expected, 'ready.cancelled')
          )
            expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
          // Ordering, the gateway's step and verifying all read "Processing..." (spec section 4); back from the
          // gateway's page, the outcome is confirmed with no form (no reset checkout flashes by).
          if (expected.tags.includes('paying') && context.gatewayReturn === null)
            expect(screen.getByRole('button', { name: MESSAGES.processing })).toBeDisabled();
          if (expected.tags.includes('paying') && context.gatewayReturn !== null) {
            expect(screen.getByRole('status')).toHaveTextContent(CHECKOUT_OUTCOME_MESSAGES.confirming);
            expect(screen.queryByRole('button', { name: /Pay|Processing/ })).not.toBeInTheDocument();
          }
          if (inState(expected, 'ready.cancelled'))
            expect(screen.getByRole('status')).toHaveTextContent(CHECKOUT_OUTCOME_MESSAGES.cancelled);
          // Paid: straight to the dashboard (it shows the one success text).
          if (inState(expected, 'success')) expect(screen.getByText('Dashboard')).toBeInTheDocument();
          // Declined or cancelled: the form shows what was submitted (or brought back from before the gateway).
          if (
            (inState(expected, 'ready.failure') || inState(expected, 'ready.cancelled')) &&
            context.form &&
            !Object.keys(context.errors).length
          ) {
            expect(screen.getByLabelText(/Phone/)).toHaveValue(context.form.phone);
            expect(screen.getByLabelText(/Address/)).toHaveValue(context.form.address);
          }
          if (inState(expected, 'ready.failure'))
            expect(screen.getAllByRole('alert')[0]).toHaveTextContent(context.failure!);
          for (const message of Object.values(context.errors)) expect(screen.getByText(message!)).toBeInTheDocument();
          if (Object.keys(context.errors).length === 0)
            expect(document.querySelectorAll('.field-error')).toHaveLength(0);
        },
      });
    });
  }
});
