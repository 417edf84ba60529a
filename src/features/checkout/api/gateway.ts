import type { PaymentMethod } from '../../../../contract/index.ts';
import type { GatewayReturn, HandOffInput, HandOffResult } from '../../../../machines/gateway-payment.machine.ts';

/**
 * The gateway step in the browser. With Razorpay's API configured: Razorpay Checkout (its checkout.js,
 * loaded here, on the checkout step only) opens over the page and answers its signed proof. With the
 * local sandbox: the browser goes to the sandbox's checkout page, which sends it back to the page that
 * started the payment (/payment/{type}/{id} or /dashboard), ?payment=… with the outcome (read by
 * gatewayReturnFrom).
 */

export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type RazorpayInstance = { open: () => void; close: () => void; on: (event: string, handler: () => void) => void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

/** How the browser leaves for the sandbox's page (a seam for view tests: jsdom cannot navigate). */
export const pageNavigation = { go: (url: string) => window.location.assign(url) };

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_JS;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Razorpay Checkout did not load.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Razorpay Checkout could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Razorpay Checkout's `method` for the checkout's payment method (a preference it opens on). */
const RAZORPAY_METHOD: Record<PaymentMethod, 'card' | 'upi'> = { credit_card: 'card', debit_card: 'card', upi: 'upi' };

/**
 * What the gateway's page may be prefilled with from the checkout form: the person and the payment method
 * preferred (Razorpay Checkout's `prefill`; its `method` takes effect with email and contact given).
 */
function prefillOf(order: HandOffInput['order'] | undefined) {
  const form = order && 'courseType' in order ? order.form : undefined;
  if (!form) return undefined;
  return {
    name: `${form.firstName} ${form.lastName}`.trim(),
    email: form.email.trim(),
    contact: form.phone.replace(/[\s-]/g, ''),
    method: RAZORPAY_METHOD[form.paymentMethod],
  };
}

/** `returnPath`: where the sandbox's page sends the browser back to (default: this page). */
export async function handOffToGateway(
  {
    paymentId,
    gateway,
    description,
    order,
  }: Pick<HandOffInput, 'paymentId' | 'gateway' | 'description'> & Partial<Pick<HandOffInput, 'order'>>,
  returnPath: string = window.location.pathname,
): Promise<HandOffResult> {
  if (gateway.sandbox_checkout_url) {
    const back = `${returnPath}?payment=${paymentId}`;
    const url = new URL(gateway.sandbox_checkout_url, window.location.origin);
    url.searchParams.set('order_id', gateway.order_id);
    url.searchParams.set('key_id', gateway.key_id);
    url.searchParams.set('return_url', back);
    pageNavigation.go(url.toString());
    // The page is leaving; the outcome comes back through the URL.
    return new Promise<HandOffResult>(() => undefined);
  }
  const Razorpay = await loadRazorpay();
  return new Promise<HandOffResult>((resolve) => {
    const checkout = new Razorpay({
      key: gateway.key_id,
      amount: gateway.amount,
      currency: gateway.currency,
      order_id: gateway.order_id,
      name: 'Credit Careers Institute',
      description,
      prefill: prefillOf(order),
      handler: (response: RazorpayResponse) => resolve({ kind: 'paid', proof: response }),
      modal: { ondismiss: () => resolve({ kind: 'cancelled' }) },
    });
    checkout.on('payment.failed', () => {
      resolve({ kind: 'failed' });
      checkout.close();
    });
    checkout.open();
  });
}

/** The sandbox page's answer in the URL it sent the browser back to, or null. */
export function gatewayReturnFrom(search: string): GatewayReturn | null {
  const params = new URLSearchParams(search);
  const paymentId = Number(params.get('payment'));
  const result = params.get('gateway_result');
  if (!Number.isInteger(paymentId) || paymentId <= 0 || !result) return null;
  if (result === 'success') {
    const proof = {
      razorpay_order_id: params.get('razorpay_order_id') ?? '',
      razorpay_payment_id: params.get('razorpay_payment_id') ?? '',
      razorpay_signature: params.get('razorpay_signature') ?? '',
    };
    return { paymentId, kind: 'paid', proof };
  }
  return { paymentId, kind: result === 'cancelled' ? 'cancelled' : 'failed' };
}
