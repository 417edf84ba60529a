import type { Db } from '../db/connect.ts';

/**
 * What else happens, in the completing transaction, when a payment becomes completed: the tax invoice and
 * the confirmation email (server/mail/events.ts). buildApp registers it once; completePayment runs it, so
 * every path that completes a payment (student, administrator, gateway) issues them.
 */
type Effect = (trx: Db, paymentId: number) => Promise<unknown>;

let completed: Effect | null = null;

export function setPaymentCompletedEffect(effect: Effect | null): void {
  completed = effect;
}

export async function runPaymentCompletedEffect(trx: Db, paymentId: number): Promise<void> {
  if (completed) await completed(trx, paymentId);
}
