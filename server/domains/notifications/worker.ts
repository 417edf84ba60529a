import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { consentGranted } from '../privacy/index.ts';
import { findUserById } from '../accounts/index.ts';
import { createMessageRepository } from './repository.ts';
import type { SendResult, SmsPort, WhatsAppPort } from './ports.ts';
import { createNotificationRepository } from './repository.ts';
import type { MessageRow, MessageTemplateRow } from './tables.ts';
import { fillAndCheck } from './templates.ts';
import { addFallback } from './fallback.ts';
import { fanOutAnnouncements } from './announcements.ts';

const LEASE_SECONDS = 120;
/** Rows claimed at a time, and sent at once (each waits for its send slot). */
const BATCH = 40;
const SENDERS = 16;
/** The share of NOTIFY_SEND_PER_SECOND the worker paces to (75 a second of WhatsApp's 80): see paced(). */
const PACE_HEADROOM = 0.94;
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
  /** No send before this (a 429's Retry-After), and this process's next send slot. */
  let pausedUntil = 0;
  let nextSlot = 0;
  /** The registered templates, read once a pass (registered once, never changed while running). */
  const templates = new Map<string, Promise<MessageTemplateRow | undefined>>();
  const templateOf = (event: string, channel: string) => {
    const key = `${event}:${channel}`;
    if (!templates.has(key)) templates.set(key, createNotificationRepository(db).template(event, channel));
    return templates.get(key)!;
  };

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
      const user = await findUserById(trx, row.user_id);
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
    // The account's number now (decision record 084): a number changed since the row was queued is used.
    const phone = settings?.phone;
    if (!phone) return finish(row, 'cancelled', 'no number', false);
    const notification = await repo.find(row.notification_id);
    const template = notification && (await templateOf(notification.event, channel));
    if (!template) return finish(row, 'refused', 'no registered template', true);
    if (template.promotional) {
      if (!(await consentGranted(db, row.user_id, channel)))
        return finish(row, 'cancelled', 'no marketing consent', false);
    }
    const params = JSON.parse(row.params) as string[];
    const checked = fillAndCheck(channel, template.approved_text, params, config.notify.linkHosts);
    if (!checked.ok) return finish(row, 'refused', checked.reason, true);
    const port = channel === 'whatsapp' ? options.whatsapp : options.sms;
    if (!port) return finish(row, 'failed', `${channel} is not configured`, true);
    await paced();
    if (clockNow() < pausedUntil) return release(row, pausedUntil);
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
      // The provider's rate limit: nothing was sent; the row, and the pass, wait and it is claimed again.
      pausedUntil = Math.max(pausedUntil, clockNow() + result.retryAfterSeconds * 1000);
      return release(row, pausedUntil);
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

  /**
   * One pass: claims due rows, BATCH at a time, and sends SENDERS at once, paced to
   * NOTIFY_SEND_PER_SECOND a process (the providers' rate). A 429 pauses the pass for its Retry-After: the
   * batch's rows not yet sent wait that long, unsent, and the pass ends.
   */
  async function runOnce(): Promise<number> {
    // Large announcements' notifications first (decision record 086): their messages are then due below. A
    // fan-out that fails is tried again next pass; the messages already queued are still sent.
    await fanOutAnnouncements(db, config.publicUrl).catch((error: unknown) =>
      log(`announcement fan-out failed: ${(error as Error).message}`),
    );
    await sweep();
    templates.clear();
    let handled = 0;
    for (;;) {
      if (clockNow() < pausedUntil) return handled;
      const rows = await messages.claimDue(dialect, BATCH, clockNow(), LEASE_SECONDS);
      if (rows.length === 0) return handled;
      const queue = [...rows];
      const sender = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          if (clockNow() < pausedUntil) await release(row, pausedUntil);
          else await deliver(row);
        }
      };
      await Promise.all(Array.from({ length: Math.min(SENDERS, rows.length) }, sender));
      handled += rows.length;
    }
  }

  /**
   * Waits for this process's next send slot: 1 / NOTIFY_SEND_PER_SECOND apart, less PACE_HEADROOM. Sends
   * paced at exactly the provider's rate reach it a few milliseconds early or late, and any second that then
   * holds one more is answered 429, which stops the pass for its Retry-After (bench:notify at 80 a second:
   * 49 refusals, 33 messages a second in all).
   */
  async function paced(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + 1000 / (config.notify.sendPerSecond * PACE_HEADROOM);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  /** A claimed row goes back, unsent, until `at`. */
  async function release(row: MessageRow, at: number): Promise<void> {
    await messages.transition(row.id, ['sending'], { status: 'pending', next_attempt_at: iso(at), locked_until: null });
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
