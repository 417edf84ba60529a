import { createHmac, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { TEMPLATES } from './templates.ts';

/**
 * The local messaging sandbox (decision record 073), as the payment sandbox: it answers the WhatsApp
 * Cloud API's and the SMS flow API's request shapes, approves only the registered templates (the same
 * list as templates.ts), enforces 80 messages a second (429 with Retry-After beyond), fails chosen
 * numbers, and posts signed delivery webhooks (X-Hub-Signature-256 for WhatsApp, X-Sms-Signature for
 * SMS) back to the app. It sends nothing anywhere. Mounted on the app under MESSAGING_SANDBOX_PREFIX in
 * demo mode; tests start it on its own port.
 */
export const MESSAGING_SANDBOX_PREFIX = '/messaging-sandbox';
export const SANDBOX_SECRETS = {
  accessToken: 'sandbox-whatsapp-token',
  appSecret: 'sandbox-whatsapp-app-secret',
  verifyToken: 'sandbox-verify-token',
  authKey: 'sandbox-sms-authkey',
  smsWebhookSecret: 'sandbox-sms-webhook-secret',
};

export type SandboxMessage = {
  channel: 'whatsapp' | 'sms';
  id: string;
  to: string;
  template: string;
  params: string[];
  /** When the sandbox accepted it (ms since the epoch). */
  at: number;
  /** Reported failed at once (a number of failNumbers, or of failWhatsAppNumbers on WhatsApp). */
  failed: boolean;
};

/** The wait before the sandbox sends an unanswered event again grows by this much per try. */
const RETRY_STEP_MS = 100;

const sign = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

/**
 * `ratePerSecond`: messages a second it accepts (both channels together; 80 as WhatsApp's default), 429 beyond;
 * `statusDelayMs`: how long after accepting a message its statuses are posted (0: at once; a provider takes
 * a moment).
 */
export type SandboxOptions = { ratePerSecond?: number; webhookBase?: string | null; statusDelayMs?: number };

export function createMessagingSandbox(options: SandboxOptions = {}) {
  const rate = options.ratePerSecond ?? 80;
  const statusDelayMs = options.statusDelayMs ?? 0;
  let webhookBase = options.webhookBase ?? null;
  const sent: SandboxMessage[] = [];
  /** Numbers whose messages the provider accepts and then reports failed. */
  const failNumbers = new Set<string>();
  /** Numbers whose WhatsApp messages are reported failed (their SMS is delivered). */
  const failWhatsAppNumbers = new Set<string>();
  /** Numbers whose messages are accepted and never reported delivered. */
  const silentNumbers = new Set<string>();
  const window: number[] = [];
  const pending = new Set<Promise<void>>();
  let rejected429 = 0;

  function throttled(reply: FastifyReply): boolean {
    const now = Date.now();
    while (window.length && window[0]! <= now - 1000) window.shift();
    if (window.length >= rate) {
      rejected429 += 1;
      void reply
        .code(429)
        .header('retry-after', '1')
        .send({ error: { message: '(#130429) Rate limit hit', code: 130429, type: 'OAuthException' } });
      return true;
    }
    window.push(now);
    return false;
  }

  function post(path: string, header: string, secret: string, payload: unknown) {
    if (!webhookBase) return;
    const raw = JSON.stringify(payload);
    const signature = header === 'x-hub-signature-256' ? `sha256=${sign(secret, raw)}` : sign(secret, raw);
    // As the providers do, an event not answered 2xx is sent again (here up to 5 times, 100 ms apart and more).
    const send = () =>
      fetch(`${webhookBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: signature },
        body: raw,
      }).then((answer) => answer.ok);
    const delivery = (async () => {
      if (statusDelayMs) await new Promise((resolve) => setTimeout(resolve, statusDelayMs));
      for (let attempt = 1; attempt <= 5; attempt++) {
        if (await send().catch(() => false)) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_STEP_MS * attempt));
      }
    })();
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  }

  const whatsappStatus = (id: string, to: string, status: string, errors?: unknown[]) =>
    post('/api/notifications/whatsapp/webhook/', 'x-hub-signature-256', SANDBOX_SECRETS.appSecret, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'sandbox-waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '910000000000', phone_number_id: 'sandbox' },
                statuses: [
                  {
                    id,
                    status,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: to,
                    ...(errors ? { errors } : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  const smsReport = (id: string, to: string, status: string) =>
    post('/api/notifications/sms/webhook/', 'x-sms-signature', SANDBOX_SECRETS.smsWebhookSecret, {
      type: 'dlr',
      request_id: id,
      number: to,
      status,
    });

  function routes(app: FastifyInstance) {
    app.post<{ Params: { version: string; phone: string } }>('/:version/:phone/messages', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${SANDBOX_SECRETS.accessToken}`) {
        return reply.code(401).send({ error: { message: 'Invalid OAuth access token.', code: 190 } });
      }
      const body = request.body as {
        messaging_product?: string;
        to?: string;
        type?: string;
        template?: {
          name?: string;
          language?: { code?: string };
          components?: { type: string; parameters: { text: string }[] }[];
        };
      };
      const known = TEMPLATES.find((t) => t.whatsapp.name === body.template?.name);
      const params = body.template?.components?.find((c) => c.type === 'body')?.parameters.map((p) => p.text) ?? [];
      if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || !/^\d{10,15}$/.test(body.to ?? '')) {
        return reply.code(400).send({ error: { message: 'Invalid parameter', code: 100 } });
      }
      if (!known || !body.template?.language?.code || params.length !== known.variables.length) {
        return reply.code(400).send({ error: { message: 'Template name or parameters do not match', code: 132000 } });
      }
      if (throttled(reply)) return reply;
      const id = `wamid.${randomBytes(12).toString('base64url')}`;
      const to = body.to!;
      const failed = failNumbers.has(to) || failWhatsAppNumbers.has(to);
      sent.push({ channel: 'whatsapp', id, to, template: known.whatsapp.name, params, at: Date.now(), failed });
      whatsappStatus(id, to, 'sent');
      if (failed) whatsappStatus(id, to, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
      else if (!silentNumbers.has(to)) whatsappStatus(id, to, 'delivered');
      return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id }] };
    });

    app.post('/api/v5/flow/', async (request, reply) => {
      if (request.headers.authkey !== SANDBOX_SECRETS.authKey) {
        return reply.code(401).send({ type: 'error', message: 'Authentication failure' });
      }
      const body = request.body as {
        template_id?: string;
        sender?: string;
        DLT_TE_ID?: string;
        pe_id?: string;
        recipients?: Record<string, string>[];
      };
      const known = TEMPLATES.find((t) => t.sms.dltId === body.DLT_TE_ID && t.sms.dltId === body.template_id);
      const recipient = body.recipients?.[0];
      if (
        !known ||
        !/^[A-Z]{6}$/.test(body.sender ?? '') ||
        !body.pe_id ||
        !recipient ||
        !/^91\d{10}$/.test(recipient.mobiles ?? '')
      ) {
        return reply.code(400).send({ type: 'error', message: 'DLT data missing or template not registered' });
      }
      const params = known.variables.map((_v, i) => recipient[`VAR${i + 1}`] ?? '');
      if (params.some((p) => !p)) return reply.code(400).send({ type: 'error', message: 'Template variables missing' });
      if (throttled(reply)) return reply;
      const id = randomBytes(12).toString('hex');
      const failed = failNumbers.has(recipient.mobiles!);
      sent.push({
        channel: 'sms',
        id,
        to: recipient.mobiles!,
        template: known.sms.dltId,
        params,
        at: Date.now(),
        failed,
      });
      smsReport(id, recipient.mobiles!, failed ? 'failed' : 'delivered');
      return { type: 'success', message: id };
    });
  }

  return {
    plugin: async (app: FastifyInstance) => routes(app),
    sent,
    failNumbers,
    failWhatsAppNumbers,
    silentNumbers,
    get rejected429() {
      return rejected429;
    },
    setWebhookBase(base: string | null) {
      webhookBase = base;
    },
    /** The person behind `from` replies `text` on the channel (a STOP, say): a signed inbound webhook. */
    reply(channel: 'whatsapp' | 'sms', from: string, text: string) {
      if (channel === 'sms') {
        post('/api/notifications/sms/webhook/', 'x-sms-signature', SANDBOX_SECRETS.smsWebhookSecret, {
          type: 'inbound',
          number: from,
          message: text,
        });
        return;
      }
      post('/api/notifications/whatsapp/webhook/', 'x-hub-signature-256', SANDBOX_SECRETS.appSecret, {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'sandbox-waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  messages: [
                    {
                      from,
                      id: `wamid.in${randomBytes(6).toString('hex')}`,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body: text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
    },
    /** Waits for every webhook posted so far. */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** The sandbox on its own port (tests, the bench). */
export async function startMessagingSandbox(options: Omit<SandboxOptions, 'webhookBase'> = {}) {
  const sandbox = createMessagingSandbox(options);
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { sandbox, url, close: () => app.close() };
}
