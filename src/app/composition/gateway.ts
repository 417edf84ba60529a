import { fromPromise } from 'xstate';
import type { PaymentCompletion, PaymentStart } from '../../../contract/index.ts';
import {
  gatewayPaymentMachine,
  type GatewayOrder,
  type HandOffInput,
  type HandOffResult,
  type StartOrderInput,
  type VerifyInput,
} from '../../../machines/gateway-payment.machine.ts';
import { handOffToGateway } from '../../features/checkout/api/gateway.ts';
import { startInstalmentPayment, verifyPayment } from '../../features/payments/api/payments-api.ts';

/** A course's order, as the gateway step is given it. */
export type CourseOrder = Exclude<GatewayOrder, { instalmentId: number }>;

type GatewayPage = {
  /** How this page starts a course's payment (the checkout sends the billing details it was given). */
  startCourse: (order: CourseOrder) => Promise<PaymentStart>;
  /** The page the sandbox's page sends the browser back to, with the outcome in its URL. */
  returnPath: (order: GatewayOrder) => string;
  /** Just before the gateway's step (the browser may leave for the sandbox's page): keep what must come back. */
  beforeHandOff?: (input: HandOffInput) => void;
};

/**
 * The gateway step as a page runs it (the checkout, a dashboard card, an enrollment's instalments): the
 * payment start (a course's, or an instalment's), the gateway's own step (Razorpay Checkout or the
 * sandbox's page) and verify/ with the gateway's proof.
 */
export function gatewayPaymentFor({ startCourse, returnPath, beforeHandOff }: GatewayPage) {
  return gatewayPaymentMachine.provide({
    actors: {
      startOrder: fromPromise<PaymentStart, StartOrderInput>(({ input: { order } }) =>
        'instalmentId' in order ? startInstalmentPayment(order.instalmentId) : startCourse(order),
      ),
      handOff: fromPromise<HandOffResult, HandOffInput>(({ input }) => {
        beforeHandOff?.(input);
        return handOffToGateway(input, returnPath(input.order));
      }),
      verify: fromPromise<PaymentCompletion, VerifyInput>(({ input }) => verifyPayment(input.paymentId, input.proof)),
    },
  });
}
