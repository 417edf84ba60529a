import { completeThroughGateway } from './fixtures.ts';
import type { TestContext, TestUser } from './harness.ts';

/**
 * The student's two payment calls as payments.test.ts and payment-start.test.ts make them. `app` answers
 * the file's test app (appWithAshaAndRavi).
 */
export function classroomPayments(app: () => TestContext) {
  const start = (
    user: TestUser,
    type: 'programs' | 'workshops',
    id: number,
    body: unknown = { payment_method: 'credit_card' },
  ) => app().request({ method: 'POST', url: `/classroom/${type}/${id}/payment/`, token: user.access, body });
  /** Complete Payment after paying at the gateway (the payment's owner pays; the caller completes). */
  const complete = (user: TestUser, paymentId: number) => completeThroughGateway(app(), user.access, paymentId);
  return { start, complete };
}
