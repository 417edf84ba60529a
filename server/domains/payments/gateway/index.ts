import { missingRazorpaySettings, type Config } from '../../../config.ts';
import { selfOrigin } from '../../../platform/config-site.ts';
import { GatewayError, type PaymentGateway } from './port.ts';
import { createRazorpayGateway, DEFAULT_API_BASE, parseRazorpayEvent } from './razorpay.ts';
import { createSandboxGateway, SANDBOX_PREFIX, type SandboxGateway } from './sandbox.ts';

export type { PaymentGateway } from './port.ts';

export type GatewaySetup = {
  gateway: PaymentGateway;
  /** The local sandbox mounted on the app's own server (demo mode without RAZORPAY_API_BASE), else null. */
  sandbox: SandboxGateway | null;
  /** Where the browser's checkout step goes: the sandbox page, or null for Razorpay Checkout. */
  sandboxCheckoutUrl: string | null;
  /** Environment variables payments still need (said at start); empty when payments can run. */
  missing: string[];
};

const WEBHOOK_PATH = '/api/payments/razorpay/webhook/';

/** A gateway that refuses every call: payments are off until the missing settings are given. */
function unconfigured(missing: string[]): PaymentGateway {
  const refuse = async (): Promise<never> => {
    throw new GatewayError('unavailable', `Payments are not configured: set ${missing.join(', ')}.`);
  };
  return {
    name: 'razorpay',
    keyId: '',
    createOrder: refuse,
    fetchOrder: refuse,
    fetchOrderPayments: refuse,
    fetchPayment: refuse,
    refund: refuse,
    fetchRefund: refuse,
    verifyPaymentSignature: () => false,
    verifyWebhookSignature: () => false,
    parseEvent: parseRazorpayEvent,
  };
}

/** Whether the browser pays through Razorpay Checkout (checkout.js), rather than the sandbox's page. */
export function usesRazorpayCheckout(config: Config): boolean {
  const { apiBase } = config.razorpay;
  if (apiBase) return apiBase === DEFAULT_API_BASE;
  return !config.paymentSandbox;
}

/**
 * Chooses the gateway: RAZORPAY_API_BASE set → the adapter talks there with the configured keys (demo
 * mode too); without it, the local sandbox on this server with its own test keys when PAYMENT_SANDBOX is on
 * (the default in demo mode); otherwise Razorpay's API with the configured keys.
 */
export function setupGateway(config: Config): GatewaySetup {
  const missing = missingRazorpaySettings(config);
  const { keyId, keySecret, webhookSecret, apiBase } = config.razorpay;
  if (missing.length > 0) return { gateway: unconfigured(missing), sandbox: null, sandboxCheckoutUrl: null, missing };
  if (apiBase || !config.paymentSandbox) {
    const gateway = createRazorpayGateway({
      keyId: keyId!,
      keySecret: keySecret!,
      webhookSecret: webhookSecret!,
      apiBase: apiBase ?? DEFAULT_API_BASE,
      timeoutMs: config.gatewayTimeoutMs,
    });
    // A Razorpay-shaped server of our own (the sandbox started on its own) serves the same checkout page.
    const sandboxCheckoutUrl = apiBase && apiBase !== DEFAULT_API_BASE ? `${apiBase}/checkout` : null;
    return { gateway, sandbox: null, sandboxCheckoutUrl, missing };
  }
  const origin = selfOrigin(config);
  const sandbox = createSandboxGateway({
    webhookUrl: `${origin}${WEBHOOK_PATH}`,
    orderDelayMs: config.payments.sandboxOrderDelayMs,
  });
  const gateway = createRazorpayGateway({
    keyId: sandbox.keyId,
    keySecret: sandbox.keySecret,
    webhookSecret: sandbox.webhookSecret,
    apiBase: `${origin}${SANDBOX_PREFIX}`,
    timeoutMs: config.gatewayTimeoutMs,
  });
  return { gateway, sandbox, sandboxCheckoutUrl: `${SANDBOX_PREFIX}/checkout`, missing };
}
