import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paymentFlowMachine, type PaymentFlowContext, type PaymentFlowInput } from '../../machines/index.ts';
import { modelPaths } from '../support/machine-model.ts';
import { paymentFlowModel } from '../support/models/index.ts';
import { CourseCard } from '../../src/features/dashboard/components/course-card.tsx';
import { inState, replayInView } from './support/replay-view.ts';

const paths = modelPaths(paymentFlowModel, { kind: ['cover'] });
const BUSY = ['starting', 'completing', 'paying'];

describe('payment flow, model-based: every generated path replayed on the dashboard course card', () => {
  it('generates paths from the machine', () => expect(paths.length).toBeGreaterThan(5));

  for (const path of paths) {
    it(path.description, async () => {
      const onEnrolled = vi.fn();
      const user = userEvent.setup();
      await replayInView(paymentFlowModel, path, {
        mount: (fakes, input) => {
          const { payment, enrolled, gatewayReturn } = input as PaymentFlowInput;
          const logic = paymentFlowMachine.provide({
            actors: fakes.actors as never,
            actions: { courseEnrolled: onEnrolled },
          });
          const course = {
            id: 3,
            courseType: 'program' as const,
            title: 'Credit Analyst Program',
            description: 'Six months.',
            price: 125000,
            status: payment?.status ?? null,
            payment,
          };
          render(<CourseCard course={course} logic={logic} enrolled={enrolled} gatewayReturn={gatewayReturn} />);
          return null;
        },
        perform: async (event, _, before) => {
          const notice = (before.context as PaymentFlowContext).notice;
          // Without a visible notice there is nothing to dismiss: the event is a no-op the view cannot send.
          if (event.type === 'notice.dismiss' && (!notice || inState(before, 'completed'))) return;
          const name =
            event.type === 'payment.start'
              ? 'Pay'
              : event.type === 'payment.complete'
                ? 'Complete Payment'
                : 'Dismiss message';
          await user.click(screen.getByRole('button', { name }));
        },
        expectState: (expected) => {
          const context = expected.context as PaymentFlowContext;
          const card = within(screen.getByRole('article'));
          const busy = BUSY.some((state) => inState(expected, state));
          // One button at a time: Processing... while a call or the gateway step is under way.
          expect(
            card.getAllByRole('button').filter((b) => b.getAttribute('aria-label') !== 'Dismiss message'),
          ).toHaveLength(1);
          if (busy) expect(card.getByRole('button', { name: 'Processing...' })).toBeDisabled();
          if (inState(expected, 'none')) expect(card.getByRole('button', { name: 'Pay' })).toBeEnabled();
          // After a decline or a closed gateway step, Complete Payment tries again.
          if (['pending', 'failed', 'cancelled'].some((state) => inState(expected, state)))
            expect(card.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
          if (inState(expected, 'completed'))
            expect(card.getByRole('button', { name: 'Access Course Materials' })).toBeDisabled();
          if (context.payment)
            expect(card.getByText(context.payment.status, { exact: false, ignore: 'button' })).toBeInTheDocument();
          const shown = context.notice && !inState(expected, 'completed');
          if (shown)
            expect(card.getByRole(context.notice!.kind === 'error' ? 'alert' : 'status')).toHaveTextContent(
              context.notice!.text,
            );
          else expect(card.queryByRole('alert')).not.toBeInTheDocument();
        },
      });
      const enrolledSteps = path.steps.filter(
        (s, i) => i > 0 && inState(s.expected, 'completed') && !inState(path.steps[i - 1]!.expected, 'completed'),
      );
      expect(onEnrolled).toHaveBeenCalledTimes(enrolledSteps.length);
    });
  }
});
