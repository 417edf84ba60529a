import { createHmac } from 'node:crypto';
import { NOTIFY_PATHS as P } from '../../../contract/index.ts';
import { testConfig } from '../../../server/config.ts';
import { SANDBOX_SECRETS, startMessagingSandbox } from '../../../server/domains/notifications/sandbox.ts';
import { setupMessaging } from '../../../server/domains/notifications/setup.ts';
import { createMessageWorker } from '../../../server/domains/notifications/worker.ts';
import { createTestApp, TEST_DB, type TestContext, type TestUser } from './harness.ts';

/** A test app whose WhatsApp and SMS go to the messaging sandbox on its own port, and its message workers. */
export async function messagingApp() {
  const provider = await startMessagingSandbox();
  const base = testConfig().notify;
  const ctx = await createTestApp({
    config: {
      notify: {
        ...base,
        sandbox: true,
        whatsapp: { ...base.whatsapp, apiBase: provider.url },
        sms: { ...base.sms, apiBase: provider.url },
      },
    },
  });
  provider.sandbox.setWebhookBase(ctx.url);
  const worker = () => {
    const ports = setupMessaging(ctx.config);
    return createMessageWorker({
      db: ctx.db,
      dialect: TEST_DB,
      config: ctx.config,
      whatsapp: ports.whatsapp,
      sms: ports.sms,
    });
  };
  return {
    ctx,
    sandbox: provider.sandbox,
    worker,
    close: async () => {
      await ctx.close();
      await provider.close();
    },
  };
}

/** Turns WhatsApp on with the number and chooses it (and SMS, email off) for every kind. */
export async function optIn(
  ctx: TestContext,
  who: TestUser,
  phone: string,
  channels = { email: false, whatsapp: true, sms: false },
) {
  const on = await ctx.request({ method: 'POST', url: P.whatsapp, token: who.access, body: { opt_in: true, phone } });
  if (on.status !== 200) throw new Error(JSON.stringify(on.body));
  const kinds = ['class_reminders', 'payments', 'grades_certificates', 'announcements'].map((kind) => ({
    kind,
    channels,
  }));
  const saved = await ctx.request({ method: 'PUT', url: P.preferences, token: who.access, body: { kinds } });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
}

/** Posts a WhatsApp webhook payload, signed with `secret` (the sandbox's app secret unless told). */
export async function whatsappHook(url: string, payload: unknown, secret = SANDBOX_SECRETS.appSecret) {
  const raw = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return fetch(`${url}${P.whatsappWebhook}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body: raw,
  });
}

export const statusPayload = (id: string, status: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'x',
      changes: [{ field: 'messages', value: { statuses: [{ id, status, timestamp: '1', recipient_id: '1' }] } }],
    },
  ],
});
