import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { createConsentRepository } from '../privacy/repositories/consents.ts';
import { createUserRepository } from '../accounts/repositories/users.ts';
import { createMessageRepository } from './repository.ts';
import type { SendResult, SmsPort, WhatsAppPort } from './ports.ts';
import { createNotificationRepository } from './repository.ts';
import type { MessageRow } from './tables.ts';
import { fillAndCheck } from './templates.ts';
import { addFallback } from './fallback.ts';

const LEASE_SECONDS = 120;
const iso = (ms: number) => new Date(ms).toISOString();
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The message worker (decision record 074): claims due rows of the message outbox and sends each through
 * its channel once. A row claimed and not finished (the process died) is never sent again: its outcome
 * is unknown, so it falls back. WhatsApp that fails, or is not delivered within NOTIFY_FALLBACK_MINUTES,
 * falls back to SMS; SMS that fails falls back to email (unless the event emailed already). Each
 * fallback row is unique per notification and channel, so two processes never add it twice.
 */
export function createMessageWorker(options: {
  db: Db;
  dialect: Dialect;
  config: Pick<Config, 'notify' | 'publicUrl' | 'privacy'>;
  whatsapp: WhatsAppPort | null;
  sms: SmsPort | null;
  log?: (message: string) => void;
}) {
  const { db, dialect, config } = options;
  const messages = createMessageRepository(db);
  const log = options.log ?? (() => undefined);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function finish(row: MessageRow, status: string, error: string | null, withFallback: boolean) {
    await inTransaction(db, async (trx) => {
      const done = await createMessageRepository(trx).transition(row.id, ['sending', 'sent'], {
        status,
        last_error: error,
        locked_until: null,
        status_at: iso(clockNow()),
      });
      if (done && withFallback) await addFallback(trx, row);
    });
    if (error) log(`message ${row.id} (${row.channel}) ${status}: ${error}`);
  }

  async function sendEmail(row: MessageRow) {
    await inTransaction(db, async (trx) => {
      const notification = await createNotificationRepository(trx).find(row.notification_id);
      const user = await createUserRepository(trx).findById(row.user_id);
      if (!notification || !user?.email) return;
      const link = notification.link ? `${config.publicUrl}${notification.link}` : config.publicUrl;
      await enqueueEmail(trx, {
        template: `notification_${notification.event}`,
        to: [user.email],
        subject: notification.title,
        text: `${notification.body}\n\n${link}\n`,
        html: `<p>${escapeHtml(notification.body).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      });
      await createMessageRepository(trx).transition(row.id, ['sending'], {
        status: 'sent',
        sent_at: iso(clockNow()),
        locked_until: null,
      });
    });
  }

  async function deliver(row: MessageRow): Promise<void> {
    if (row.channel === 'email') return sendEmail(row);
    const channel = row.channel as 'whatsapp' | 'sms';
    const repo = createNotificationRepository(db);
    const settings = await repo.settingsOf(row.user_id);
    // Withdrawn (or STOP) since the message was queued: nothing goes, at once.
    const allowed = channel === 'whatsapp' ? settings?.whatsapp_opt_in === 1 : settings?.sms_stopped === 0;
    if (!allowed) return finish(row, 'cancelled', 'opted out', false);
    // The account's number now (decision record 083): a number changed since the row was queued is used.
    const phone = settings?.phone;
    if (!phone) return finish(row, 'cancelled', 'no number', false);
    const notification = await repo.find(row.notification_id);
    const template = notification && (await repo.template(notification.event, channel));
    if (!template) return finish(row, 'refused', 'no registered template', true);
    if (template.promotional) {
      const consent = await createConsentRepository(db).latest(row.user_id, channel);
      if (!consent?.granted) return finish(row, 'cancelled', 'no marketing consent', false);
    }
    const params = JSON.parse(row.params) as string[];
    const checked = fillAndCheck(channel, template.approved_text, params, config.notify.linkHosts);
    if (!checked.ok) return finish(row, 'refused', checked.reason, true);
    const port = channel === 'whatsapp' ? options.whatsapp : options.sms;
    if (!port) return finish(row, 'failed', `${channel} is not configured`, true);
    const result: SendResult =
      channel === 'whatsapp'
        ? await options.whatsapp!.send({
            to: phone,
            template: template.provider_name,
            language: template.language,
            params,
          })
        : await options.sms!.send({ to: phone, dltTemplateId: template.provider_name, params });
    if (result.ok) {
      await messages.transition(row.id, ['sending'], {
        status: 'sent',
        phone,
        provider_message_id: result.id,
        sent_at: iso(clockNow()),
        status_at: iso(clockNow()),
        locked_until: null,
      });
      return;
    }
    if ('retryAfterSeconds' in result) {
      // The provider's rate limit: nothing was sent; the row waits and is claimed again.
      await messages.transition(row.id, ['sending'], {
        status: 'pending',
        next_attempt_at: iso(clockNow() + result.retryAfterSeconds * 1000),
        locked_until: null,
      });
      return;
    }
    return finish(row, result.unknown ? 'unknown' : 'failed', result.error, true);
  }

  /** Rows left `sending` by a dead process, and WhatsApp messages undelivered past the fallback time. */
  async function sweep(): Promise<void> {
    const now = clockNow();
    for (const row of await messages.interrupted(now)) await finish(row, 'unknown', 'interrupted while sending', true);
    for (const row of await messages.undelivered(now - config.notify.fallbackMinutes * 60_000)) {
      await finish(row, 'undelivered', `not delivered within ${config.notify.fallbackMinutes} minutes`, true);
    }
  }

  async function runOnce(): Promise<number> {
    await sweep();
    let handled = 0;
    for (;;) {
      const rows = await messages.claimDue(dialect, 20, clockNow(), LEASE_SECONDS);
      if (rows.length === 0) return handled;
      for (const row of rows) await deliver(row);
      handled += rows.length;
    }
  }

  return {
    runOnce,
    start() {
      const tick = () => {
        if (running) return;
        running = runOnce()
          .catch((error: unknown) => {
            log(`message worker pass failed: ${(error as Error).message}`);
            return 0;
          })
          .finally(() => {
            running = null;
          });
      };
      tick();
      timer = setInterval(tick, config.notify.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
