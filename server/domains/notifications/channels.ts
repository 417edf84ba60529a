import {
  NOTIFY_KIND_LABELS,
  NOTIFY_KINDS,
  type Preferences,
  type PreferencesInput,
  type WhatsAppChoice,
} from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { recordChannelConsent } from '../privacy/index.ts';
import { createNotificationRepository } from './repository.ts';

/**
 * A student's channels (decision record 073): the choices per kind, the WhatsApp opt-in (explicit, with
 * the number, recorded in the consent records as purpose `whatsapp_service`) and a STOP reply, which opts
 * the number out of that channel at once. Promotional messages need the marketing consents
 * (`whatsapp`, `sms`) besides.
 */
export const SERVICE_PURPOSE = { whatsapp: 'whatsapp_service', sms: 'sms_service' } as const;
const DEFAULTS = { email: true, whatsapp: false, sms: false };

export async function preferencesOf(db: Db, userId: number): Promise<Preferences> {
  const repo = createNotificationRepository(db);
  const settings = await repo.settingsOf(userId);
  const saved = await repo.preferences([userId]);
  const value = (kind: string, channel: 'email' | 'whatsapp' | 'sms') =>
    saved.find((p) => p.kind === kind && p.channel === channel)?.enabled === 1 ||
    (DEFAULTS[channel] && !saved.some((p) => p.kind === kind && p.channel === channel));
  return {
    phone: settings?.phone ?? null,
    whatsapp_opted_in: settings?.whatsapp_opt_in === 1,
    sms_stopped: settings?.sms_stopped === 1,
    kinds: NOTIFY_KINDS.map((kind) => ({
      kind,
      label: NOTIFY_KIND_LABELS[kind],
      channels: { email: value(kind, 'email'), whatsapp: value(kind, 'whatsapp'), sms: value(kind, 'sms') },
    })),
  };
}

export async function savePreferences(db: Db, userId: number, input: PreferencesInput): Promise<Preferences> {
  const settings = await createNotificationRepository(db).settingsOf(userId);
  if (input.kinds.some((k) => k.channels.whatsapp) && settings?.whatsapp_opt_in !== 1) {
    throw new HttpError(400, 'Turn on WhatsApp with your number first, then choose what it brings you.');
  }
  if (input.kinds.some((k) => k.channels.sms) && !settings?.phone) {
    throw new HttpError(400, 'Add your mobile number first (turn on WhatsApp, or give it there).');
  }
  await inTransaction(db, async (trx) => {
    const repo = createNotificationRepository(trx);
    for (const { kind, channels } of input.kinds) {
      for (const channel of ['email', 'whatsapp', 'sms'] as const) {
        await repo.savePreference(userId, kind, channel, channels[channel]);
      }
    }
  });
  return preferencesOf(db, userId);
}

/** WhatsApp on (with the number: explicit opt-in) or off; either way a consent record. */
export async function chooseWhatsApp(
  db: Db,
  userId: number,
  input: WhatsAppChoice,
  noticeVersion: string,
): Promise<Preferences> {
  await inTransaction(db, async (trx) => {
    const repo = createNotificationRepository(trx);
    const phone = input.opt_in ? input.phone : ((await repo.settingsOf(userId))?.phone ?? null);
    // A new number opted in starts with SMS allowed again: the STOP was the old number's.
    await repo.saveSettings(
      userId,
      input.opt_in ? { phone, whatsapp_opt_in: 1, sms_stopped: 0 } : { whatsapp_opt_in: 0 },
    );
    await recordChannelConsent(trx, {
      userId,
      purpose: SERVICE_PURPOSE.whatsapp,
      granted: input.opt_in,
      noticeVersion,
      source: 'account',
      phone,
    });
  });
  return preferencesOf(db, userId);
}

/** A STOP reply from `phone` on a channel: every account with that number stops getting it. */
export async function stopReply(db: Db, channel: 'whatsapp' | 'sms', phone: string, noticeVersion: string) {
  await inTransaction(db, async (trx) => {
    const repo = createNotificationRepository(trx);
    for (const settings of await repo.byPhone(phone)) {
      await repo.saveSettings(settings.user_id, channel === 'whatsapp' ? { whatsapp_opt_in: 0 } : { sms_stopped: 1 });
      await recordChannelConsent(trx, {
        userId: settings.user_id,
        purpose: SERVICE_PURPOSE[channel],
        granted: false,
        noticeVersion,
        source: 'stop_reply',
        phone,
      });
    }
  });
}

/**
 * The account's number changed on its profile (decision record 084; `users.phone` is already the new one):
 * SMS is allowed again (a STOP was the old number's); with WhatsApp on, the opt-in is recorded for the new
 * number, and with the number removed WhatsApp goes off (recorded as withdrawn). Call in the change's transaction.
 */
export async function phoneChanged(trx: Db, userId: number, phone: string | null, noticeVersion: string) {
  const repo = createNotificationRepository(trx);
  const settings = await repo.settingsOf(userId);
  const on = settings?.whatsapp_opt_in === 1;
  await repo.saveSettings(userId, phone ? { sms_stopped: 0 } : { sms_stopped: 0, whatsapp_opt_in: 0 });
  if (!on) return;
  await recordChannelConsent(trx, {
    userId,
    purpose: SERVICE_PURPOSE.whatsapp,
    granted: phone !== null,
    noticeVersion,
    source: 'account',
    phone: phone ? `91${phone.slice(-10)}` : null,
  });
}
