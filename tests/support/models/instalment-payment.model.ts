import type { Instalment, PaymentStart } from '../../../contract/index.ts';
import { instalmentPaymentMachine, type InstalmentPaymentInput } from '../../../machines/instalment-payment.machine.ts';
import type { MachineModel } from '../machine-model.ts';

const proof = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };

const sampleSchedule: Instalment[] = [
  {
    id: 11,
    number: 1,
    amount: 25000,
    total_paise: 2500000,
    due_on: '2026-11-25',
    status: 'paid',
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
    payment: null,
    invoice: null,
  },
];
const allPaid: Instalment[] = sampleSchedule.map((i) => ({ ...i, status: 'paid' }));

const instalmentStart = {
  id: 6,
  status: 'pending',
  amount: 22000,
  total_paise: 2200000,
  gateway: {
    name: 'razorpay',
    key_id: 'k',
    order_id: 'order_1',
    amount: 2200000,
    currency: 'INR',
    sandbox_checkout_url: null,
  },
} as unknown as PaymentStart;

export const instalmentPaymentModel: MachineModel<InstalmentPaymentInput> = {
  name: 'instalment-payment',
  machine: instalmentPaymentMachine,
  actors: ['loadSchedule', 'startInstalment', 'handOff', 'verify'],
  appActions: [],
  inputs: [
    { enrollmentId: 4 },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'paid', proof } },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'cancelled' } },
    { enrollmentId: 4, gatewayReturn: { paymentId: 6, kind: 'failed' } },
  ],
  events: [
    { type: 'xstate.done.actor.loadSchedule', output: sampleSchedule },
    { type: 'xstate.done.actor.loadSchedule', output: allPaid },
    { type: 'xstate.done.actor.loadSchedule', output: [] },
    { type: 'xstate.error.actor.loadSchedule', error: new Error('offline') },
    { type: 'instalments.retry' },
    { type: 'instalment.pay' },
    { type: 'xstate.done.actor.startInstalment', output: instalmentStart },
    { type: 'xstate.error.actor.startInstalment', error: new Error('offline') },
    { type: 'xstate.done.actor.handOff', output: { kind: 'paid', proof } },
    { type: 'xstate.done.actor.handOff', output: { kind: 'cancelled' } },
    { type: 'xstate.done.actor.handOff', output: { kind: 'failed' } },
    { type: 'xstate.error.actor.handOff', error: new Error('script blocked') },
    { type: 'xstate.done.actor.verify', output: {} },
    { type: 'xstate.error.actor.verify', error: new Error('offline') },
  ],
};
