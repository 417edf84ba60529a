/**
 * Payments' settings (decision record 062): how long a pending payment holds its coupon use and its gateway
 * order (PAYMENT_HOLD_MINUTES, default 30), and how long the local sandbox gateway takes to create an order
 * (SANDBOX_ORDER_DELAY_MS, default 0: a slow gateway, for trying the checkout's races by hand).
 */
export type PaymentConfig = { holdMinutes: number; sandboxOrderDelayMs: number };

function whole(raw: string | undefined, fallback: number, name: string, max: number, unit: string): number {
  const value = raw === undefined || raw.trim() === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${name} must be a whole number of ${unit} from 0 to ${max}, got "${raw}".`);
  }
  return value;
}

export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  return {
    holdMinutes: Math.max(1, whole(env.PAYMENT_HOLD_MINUTES, 30, 'PAYMENT_HOLD_MINUTES', 10_080, 'minutes')),
    sandboxOrderDelayMs: whole(env.SANDBOX_ORDER_DELAY_MS, 0, 'SANDBOX_ORDER_DELAY_MS', 60_000, 'milliseconds'),
  };
}
