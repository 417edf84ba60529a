/**
 * The messaging ports (decision record 073), like the payment gateway's (server/gateway/port.ts): the
 * worker sends through them and never sees a provider's API. Adapters: whatsapp-cloud.ts (the WhatsApp
 * Business Cloud API's shape) and sms-flow.ts (an Indian provider's flow API with the DLT data, after
 * MSG91's); the local sandbox (sandbox.ts) answers both shapes.
 */
export type SendResult =
  | { ok: true; id: string }
  /** The provider's rate limit (429): try again after this many seconds; nothing was sent. */
  | { ok: false; retryAfterSeconds: number }
  /** Refused (a 4xx): nothing was sent. `unknown`: no answer (a timeout, a 5xx): it may have been sent. */
  | { ok: false; error: string; unknown?: boolean };

export interface WhatsAppPort {
  send(message: { to: string; template: string; language: string; params: string[] }): Promise<SendResult>;
}

export interface SmsPort {
  send(message: { to: string; dltTemplateId: string; params: string[] }): Promise<SendResult>;
}

/** POSTs JSON and maps the answer to a SendResult; `id` picks the message id out of a 2xx body. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  id: (answer: Record<string, unknown>) => string | undefined,
  timeoutMs = 10_000,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
    return { ok: false, error: `no answer: ${(error as Error).message}`, unknown: !refused };
  }
  const text = await response.text();
  if (response.status === 429) {
    const after = Number(response.headers.get('retry-after'));
    return { ok: false, retryAfterSeconds: Number.isFinite(after) && after > 0 ? after : 1 };
  }
  let answer: Record<string, unknown> = {};
  try {
    answer = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON: the status decides */
  }
  if (response.status >= 500) return { ok: false, error: `provider ${response.status}`, unknown: true };
  const messageId = response.ok ? id(answer) : undefined;
  if (messageId) return { ok: true, id: messageId };
  return { ok: false, error: `provider ${response.status}: ${text.slice(0, 300)}` };
}
