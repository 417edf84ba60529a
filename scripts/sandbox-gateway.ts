import { startSandboxGateway } from '../server/domains/payments/gateway/sandbox.ts';
import { loadPaymentConfig } from '../server/domains/payments/config.ts';

/**
 * The sandbox gateway on its own port (`node --import tsx scripts/sandbox-gateway.ts`): PORT (8091),
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (random when unset), SANDBOX_WEBHOOK_URL
 * (where signed webhooks go; none when unset) and SANDBOX_ORDER_DELAY_MS (how long creating an order takes).
 */
startSandboxGateway({
  port: Number(process.env.PORT ?? 8091),
  keyId: process.env.RAZORPAY_KEY_ID || undefined,
  keySecret: process.env.RAZORPAY_KEY_SECRET || undefined,
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET || undefined,
  webhookUrl: process.env.SANDBOX_WEBHOOK_URL || null,
  orderDelayMs: loadPaymentConfig(process.env).sandboxOrderDelayMs,
}).then(
  ({ url, sandbox }) =>
    console.log(`Sandbox gateway at ${url} (key id ${sandbox.keyId}, key secret ${sandbox.keySecret})`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
