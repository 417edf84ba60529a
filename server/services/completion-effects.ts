import type { Db } from '../db/connect.ts';

/**
 * What else happens, in the same transaction, when a payment's money moves: on completion the tax invoice
 * and the confirmation email, on a failed attempt the "try again" email, on a refund the credit note and
 * its email (server/mail/events.ts). buildApp registers them once; the payment rules run them, so every
 * path that moves money (student, administrator, gateway webhook, reconciliation) issues them.
 */
export type PaymentEffects = {
  completed: (trx: Db, paymentId: number) => Promise<unknown>;
  failed: (trx: Db, paymentId: number) => Promise<unknown>;
  refunded: (trx: Db, refund: { paymentId: number; refundId: number; amountPaise: number }) => Promise<unknown>;
};

let effects: PaymentEffects | null = null;

export function setPaymentEffects(next: PaymentEffects | null): void {
  effects = next;
}

export async function runPaymentCompletedEffect(trx: Db, paymentId: number): Promise<void> {
  if (effects) await effects.completed(trx, paymentId);
}

export async function runPaymentFailedEffect(trx: Db, paymentId: number): Promise<void> {
  if (effects) await effects.failed(trx, paymentId);
}

export async function runRefundEffect(
  trx: Db,
  refund: { paymentId: number; refundId: number; amountPaise: number },
): Promise<void> {
  if (effects) await effects.refunded(trx, refund);
}
