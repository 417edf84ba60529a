import { postJson, type SmsPort, type WhatsAppPort } from './ports.ts';

/**
 * The WhatsApp Business Cloud API: POST {base}/{version}/{phone-number-id}/messages with a bearer token,
 * a `template` message (name, language, the body's parameters); the answer's messages[0].id is the
 * message id that delivery statuses name (decision record 073, with sources).
 */
export function createWhatsAppCloud(options: {
  apiBase: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
}): WhatsAppPort {
  const url = `${options.apiBase}/${options.version}/${options.phoneNumberId}/messages`;
  return {
    send: ({ to, template, language, params }) =>
      postJson(
        url,
        { authorization: `Bearer ${options.accessToken}` },
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          template: {
            name: template,
            language: { code: language },
            components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
          },
        },
        (answer) => (answer.messages as { id?: string }[] | undefined)?.[0]?.id,
      ),
  };
}

/**
 * An Indian SMS provider's flow API after MSG91's (POST {base}/api/v5/flow/ with the `authkey` header):
 * every message carries the DLT data TRAI requires — the registered sender header, the DLT template id
 * and the principal entity id — and the variables as VAR1, VAR2…; the answer's `message` is the request
 * id that delivery reports name.
 */
export function createSmsFlow(options: { apiBase: string; authKey: string; sender: string; peId: string }): SmsPort {
  return {
    send: ({ to, dltTemplateId, params }) =>
      postJson(
        `${options.apiBase}/api/v5/flow/`,
        { authkey: options.authKey },
        {
          template_id: dltTemplateId,
          sender: options.sender,
          DLT_TE_ID: dltTemplateId,
          pe_id: options.peId,
          short_url: '0',
          recipients: [{ mobiles: to, ...Object.fromEntries(params.map((v, i) => [`VAR${i + 1}`, v])) }],
        },
        (answer) => (answer.type === 'success' && typeof answer.message === 'string' ? answer.message : undefined),
      ),
  };
}
