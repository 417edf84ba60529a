import type { Config } from '../../config.ts';
import { selfOrigin } from '../../platform/config-site.ts';
import type { SmsPort, WhatsAppPort } from './ports.ts';
import { createSmsFlow, createWhatsAppCloud } from './providers.ts';
import { MESSAGING_SANDBOX_PREFIX, SANDBOX_SECRETS } from './sandbox.ts';

const WHATSAPP_API = 'https://graph.facebook.com';
const SMS_API = 'https://control.msg91.com';

/**
 * The ports and webhook secrets the configuration gives (decision record 073): an API base set → that
 * origin with the configured credentials; none, with MESSAGE_SANDBOX on (demo mode) → the sandbox on this
 * server with its own test credentials; otherwise the providers' APIs, a channel off without its
 * credentials (null port: its messages fall back).
 */
export function setupMessaging(config: Pick<Config, 'notify' | 'host' | 'port'>) {
  const { notify } = config;
  const sandboxHere = notify.sandbox && !notify.whatsapp.apiBase && !notify.sms.apiBase;
  const local = `${selfOrigin(config)}${MESSAGING_SANDBOX_PREFIX}`;
  const useSandboxSecrets = notify.sandbox;
  const wa = {
    apiBase: notify.whatsapp.apiBase ?? (sandboxHere ? local : WHATSAPP_API),
    accessToken: notify.whatsapp.accessToken ?? (useSandboxSecrets ? SANDBOX_SECRETS.accessToken : null),
    appSecret: notify.whatsapp.appSecret ?? (useSandboxSecrets ? SANDBOX_SECRETS.appSecret : null),
    verifyToken: notify.whatsapp.verifyToken ?? (useSandboxSecrets ? SANDBOX_SECRETS.verifyToken : null),
  };
  const sms = {
    apiBase: notify.sms.apiBase ?? (sandboxHere ? local : SMS_API),
    authKey: notify.sms.authKey ?? (useSandboxSecrets ? SANDBOX_SECRETS.authKey : null),
    webhookSecret: notify.sms.webhookSecret ?? (useSandboxSecrets ? SANDBOX_SECRETS.smsWebhookSecret : null),
  };
  const whatsapp: WhatsAppPort | null = wa.accessToken
    ? createWhatsAppCloud({
        apiBase: wa.apiBase,
        version: notify.whatsapp.version,
        phoneNumberId: notify.whatsapp.phoneNumberId,
        accessToken: wa.accessToken,
      })
    : null;
  const smsPort: SmsPort | null = sms.authKey
    ? createSmsFlow({ apiBase: sms.apiBase, authKey: sms.authKey, sender: notify.sms.sender, peId: notify.sms.peId })
    : null;
  return {
    whatsapp,
    sms: smsPort,
    /** Mount the sandbox on this server. */
    sandboxHere,
    secrets: { appSecret: wa.appSecret, verifyToken: wa.verifyToken, smsWebhookSecret: sms.webhookSecret },
  };
}
