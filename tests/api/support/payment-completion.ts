import { API } from '../../../contract/index.ts';

/**
 * The one place that completes a payment through the API as it is today (POST .../complete/ by the
 * student). When completion starts to require the gateway's proof, only this helper changes.
 */
export async function startAndCompletePayment(
  base: string,
  access: string,
  programId: number,
): Promise<{ paymentId: number; completed: boolean }> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${access}` };
  const start = await fetch(`${base}${API.programs.payment(programId)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ payment_method: 'upi' }),
  });
  if (start.status !== 201 && start.status !== 200) throw new Error(`payment start answered ${start.status}`);
  const payment = (await start.json()) as { id: number };
  const complete = await fetch(`${base}${API.payments.complete(payment.id)}`, { method: 'POST', headers });
  const body = complete.status === 200 ? ((await complete.json()) as { payment?: { status?: string } }) : null;
  return { paymentId: payment.id, completed: complete.status === 200 && body?.payment?.status === 'completed' };
}
