import type { Db } from '../db/connect.ts';

/**
 * What else happens, in the same transaction, when a payment's money moves: on completion the tax invoice
 * and the confirmation email, on a failed attempt the "try again" email, on a refund the credit note and
 * its email (server/mail/events.ts). buildApp makes them once and hands them to the payment, refund,
 * gateway-event and reconciliation services (docs/decisions/005), which pass them to the rules that move
 * money, so every path (student, administrator, gateway webhook, reconciliation) issues them. No module
 * holds them: two apps in one process (tests) each have their own.
 */
export type PaymentEffects = {
  completed: (trx: Db, paymentId: number) => Promise<unknown>;
  failed: (trx: Db, paymentId: number) => Promise<unknown>;
  refunded: (trx: Db, refund: { paymentId: number; refundId: number; amountPaise: number }) => Promise<unknown>;
};
