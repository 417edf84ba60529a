import type { Db } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { notBefore } from './quiet-hours.ts';
import { createNotificationRepository } from './repository.ts';
import type { MessageRow } from './tables.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The fallback (decision record 074): WhatsApp → SMS (a number that has not replied STOP) → email (unless
 * the event wrote its own email). The row is unique per notification and channel: added at most once.
 * Adds the next channel's row after `row` failed (in `trx`); none after email.
 */
export async function addFallback(trx: Db, row: MessageRow): Promise<void> {
  const repo = createNotificationRepository(trx);
  const notification = await repo.find(row.notification_id);
  if (!notification) return;
  const settings = await repo.settingsOf(row.user_id);
  const now = clockNow();
  const base = {
    notification_id: row.notification_id,
    user_id: row.user_id,
    urgent: row.urgent,
    status: 'pending',
    fallback_of: row.id,
    created_at: iso(now),
    next_attempt_at: iso(notBefore(now, row.urgent === 1)),
  };
  if (row.channel === 'whatsapp' && settings?.phone && !settings.sms_stopped) {
    await repo.enqueue([{ ...base, channel: 'sms', phone: settings.phone, params: row.params }]);
  } else if (row.channel !== 'email' && !notification.emailed) {
    await repo.enqueue([{ ...base, channel: 'email', phone: null, params: '[]' }]);
  }
}
