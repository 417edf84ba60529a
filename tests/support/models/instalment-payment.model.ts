import type { Instalment } from '../../../contract/index.ts';
import { instalmentPaymentMachine, type InstalmentPaymentInput } from '../../../machines/instalment-payment.machine.ts';
import type { MachineModel } from '../machine-model.ts';
import { gatewayClosed, gatewayDeclined, gatewayPaid, gatewayProofRefused, gatewayStartRefused } from '../samples.ts';

const proof = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

const sampleSchedule: Instalment[] = [
  {
    id: 11,
    number: 1,
    amount: 25000,
    total_paise: 2500000,
    due_on: '2026-11-25',
    status: 'paid',
    paid_on: '2026-11-25',
    payment: 5,
    invoice: 'CCI/26-27/00001',
  },
  {
    id: 12,
    number: 2,
    amount: 22000,
    total_paise: 2200000,
    due_on: '2026-12-25',
    status: 'overdue',
    paid_on: null,
    payment: 6,
    invoice: null,
  },
  {
    id: 13,
    number: 3,
    amount: 22000,
    total_paise: 2200000,
    due_on: '2027-01-24',
    status: 'due',
    paid_on: null,
    payment: null,
    invoice: null,
  },
];
const allPaid: Instalment[] = sampleSchedule.map((i) => ({ ...i, status: 'paid', paid_on: i.paid_on ?? '2026-11-30' }));

export const instalmentPaymentModel: MachineModel<InstalmentPaymentInput> = {
  name: 'instalment-payment',
  machine: instalmentPaymentMachine,
  // The gateway step is a child machine with its own model (gateway-payment): here, only its outcomes.
  actors: ['loadSchedule', 'gatewayPayment'],
  appActions: [],
  inputs: [
    { enrollmentId: 4 },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'paid', proof } },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'cancelled' } },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'failed' } },
    // Back paid for the first instalment (paid already: its webhook was quicker), and for another schedule's.
    { enrollmentId: 4, gatewayReturn: { paymentId: 5, kind: 'paid', proof } },
    { enrollmentId: 4, gatewayReturn: { paymentId: 99, kind: 'paid', proof } },
  ],
  events: [
    { type: 'xstate.done.actor.loadSchedule', output: sampleSchedule },
    { type: 'xstate.done.actor.loadSchedule', output: allPaid },
    { type: 'xstate.done.actor.loadSchedule', output: [] },
    { type: 'xstate.error.actor.loadSchedule', error: new Error('offline') },
    { type: 'instalments.retry' },
    { type: 'instalment.pay' },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayPaid },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayClosed },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayDeclined },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayStartRefused },
    { type: 'xstate.done.actor.gatewayPayment', output: gatewayProofRefused },
    { type: 'xstate.error.actor.gatewayPayment', error: new Error('broken') },
  ],
};
