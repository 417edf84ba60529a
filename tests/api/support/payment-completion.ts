import { API, DELIVERY_PATHS } from '../../../contract/index.ts';

/**
 * The one place that completes a payment through a running server (demo mode, its sandbox gateway on
 * the same origin): start the payment, pay its gateway order at the sandbox's checkout as the browser
 * would (the success card), then hand the gateway's signed proof to verify/, as the checkout page does.
 */
export async function startAndCompletePayment(
  base: string,
  access: string,
  programId: number,
): Promise<{ paymentId: number; completed: boolean }> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${access}` };
  // A program with open batches asks which one (the demo's programs have one): the first with a seat.
  const batches = (await (await fetch(`${base}${DELIVERY_PATHS.programBatches(programId)}`)).json()) as Array<{
    id: number;
    seats_left: number;
  }>;
  const batch = batches.find((b) => b.seats_left > 0)?.id;
  const start = await fetch(`${base}${API.programs.payment(programId)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ payment_method: 'upi', ...(batch ? { batch } : {}) }),
  });
  if (start.status !== 201 && start.status !== 200) throw new Error(`payment start answered ${start.status}`);
  const payment = (await start.json()) as {
    id: number;
    gateway: { order_id: string; sandbox_checkout_url: string | null } | null;
  };
  if (!payment.gateway?.sandbox_checkout_url) throw new Error('the payment has no sandbox checkout');
  const checkout = await fetch(new URL(payment.gateway.sandbox_checkout_url, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ order_id: payment.gateway.order_id, method: 'card', card_number: '4111 1111 1111 1111' }),
  });
  if (checkout.status !== 200) return { paymentId: payment.id, completed: false };
  const paid = (await checkout.json()) as {
    ok: boolean;
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  if (!paid.ok) return { paymentId: payment.id, completed: false };
  const verify = await fetch(`${base}${API.payments.verify(payment.id)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    }),
  });
  const body = verify.status === 200 ? ((await verify.json()) as { payment?: { status?: string } }) : null;
  return { paymentId: payment.id, completed: verify.status === 200 && body?.payment?.status === 'completed' };
}
