import { webhookSignature } from '../razorpay.ts';
import { newId, now, type SandboxSwitches } from './state.ts';

/**
 * Signed webhook delivery back to the app, as Razorpay sends them (`x-razorpay-signature`, the event id
 * header), with the switches' misbehaviours: duplicates, held and released late (perhaps out of order),
 * dropped.
 */

export type WebhookDelivery = { eventId: string; body: string; signature: string };
export type WebhookEmitter = (event: string, payload: Record<string, { entity: unknown }>) => void;

export function createWebhooks(webhookSecret: string, webhookUrl: string | null, switches: SandboxSwitches) {
  let url = webhookUrl;
  const held: WebhookDelivery[] = [];
  /** Every webhook made (sent or not), in order: tests read them. */
  const delivered: WebhookDelivery[] = [];
  const inflight = new Set<Promise<void>>();

  async function send(delivery: WebhookDelivery): Promise<void> {
    if (!url) return;
    try {
      await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
      });
    } catch {
      // The app is down: Razorpay would retry; the sandbox leaves it to Sync (reconciliation).
    }
  }
  function track(promise: Promise<void>) {
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise));
  }
  function signed(body: string): WebhookDelivery {
    return { eventId: newId('evt'), body, signature: webhookSignature(webhookSecret, body) };
  }
  const emit: WebhookEmitter = (event, payload) => {
    const delivery = signed(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_localsandbox',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: now(),
      }),
    );
    delivered.push(delivery);
    if (switches.drop) return;
    if (switches.hold) {
      held.push(delivery);
      return;
    }
    const times = switches.duplicate ? 2 : 1;
    // One after the other: a duplicate arrives as a second request, as Razorpay's retries do.
    track(
      (async () => {
        for (let i = 0; i < times; i++) await send(delivery);
      })(),
    );
  };
  /** Resolves when no webhook is being sent. */
  async function idle(): Promise<void> {
    while (inflight.size > 0) await Promise.all([...inflight]);
  }

  return {
    emit,
    delivered,
    idle,
    setWebhookUrl(next: string | null) {
      url = next;
    },
    /** A webhook for a payment as the gateway would send it, e.g. to replay or forge in tests. */
    signedEvent(event: string, payload: Record<string, { entity: unknown }>): WebhookDelivery {
      return signed(
        JSON.stringify({ entity: 'event', account_id: 'acc_localsandbox', event, payload, created_at: now() }),
      );
    },
    /** Delivers held webhooks (newest first when `reverse`), then waits until every delivery is done. */
    async release(): Promise<void> {
      const batch = held.splice(0, held.length);
      if (switches.reverse) batch.reverse();
      for (const delivery of batch) {
        const times = switches.duplicate ? 2 : 1;
        for (let i = 0; i < times; i++) await send(delivery);
      }
      await idle();
    },
  };
}
