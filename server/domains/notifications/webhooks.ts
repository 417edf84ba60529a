import { createHmac } from 'node:crypto';
import { sameText } from '../../platform/lib/same-text.ts';
import { NOTIFY_MESSAGES } from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { stopReply } from './channels.ts';
import { createMessageRepository } from './repository.ts';
import type { MessageRow } from './tables.ts';

/**
 * Delivery webhooks (decision record 073). WhatsApp: X-Hub-Signature-256 = "sha256=" + HMAC-SHA256 of
 * the raw body under the app secret; statuses in entry[].changes[].value.statuses[], replies in
 * value.messages[]. SMS: X-Sms-Signature = HMAC-SHA256 (hex) of the raw body under SMS_WEBHOOK_SECRET.
 * A status only moves a message forward (sent → delivered → read; failed only from sent), so a replayed
 * or late status changes nothing; a failure adds the fallback once. A reply of STOP opts the number out.
 * A status can reach us before the worker has recorded the send it answers (the provider posts it while
 * our request is still coming back): the event is then answered 503 and the provider sends it again (Meta
 * retries a webhook not answered 200), by when the send is recorded; what it already applied moves nothing twice.
 */
const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'STOP ALL']);

function signatureMatches(secret: string | null, raw: Buffer, given: string | undefined, prefix: string): boolean {
  if (!secret || !given?.startsWith(prefix)) return false;
  return sameText(createHmac('sha256', secret).update(raw).digest('hex'), given.slice(prefix.length));
}

type Fallback = (trx: Db, row: MessageRow) => Promise<void>;

async function applyStatus(
  db: Db,
  channel: string,
  providerId: string,
  status: string,
  error: string | null,
  fallback: Fallback,
) {
  const row = await createMessageRepository(db).byProviderId(channel, providerId);
  if (!row) throw new HttpError(503, NOTIFY_MESSAGES.statusBeforeSend);
  const at = new Date(clockNow()).toISOString();
  if (status === 'failed') {
    await inTransaction(db, async (trx) => {
      const moved = await createMessageRepository(trx).transition(row.id, ['sent'], {
        status: 'failed',
        last_error: error,
        status_at: at,
      });
      if (moved) await fallback(trx, row);
    });
    return;
  }
  const rank = RANK[status];
  if (!rank) return;
  const lower = Object.keys(RANK).filter((s) => RANK[s]! < rank);
  // A delivery reported after the fallback went (undelivered) is recorded too; the fallback stays.
  await createMessageRepository(db).transition(row.id, [...lower, 'undelivered'], { status, status_at: at });
}

export function createWebhookService(
  db: Db,
  secrets: { appSecret: string | null; verifyToken: string | null; smsWebhookSecret: string | null },
  noticeVersion: string,
  fallback: Fallback,
) {
  return {
    /** The hub.challenge handshake: the challenge back when the verify token matches, else 403. */
    verify(query: Record<string, string | undefined>): string {
      if (
        query['hub.mode'] === 'subscribe' &&
        secrets.verifyToken &&
        query['hub.verify_token'] === secrets.verifyToken
      ) {
        return query['hub.challenge'] ?? '';
      }
      throw new HttpError(403, 'The verify token does not match.');
    },

    async whatsapp(raw: Buffer, signature: string | undefined): Promise<{ ok: true }> {
      if (!signatureMatches(secrets.appSecret, raw, signature, 'sha256='))
        throw new HttpError(401, NOTIFY_MESSAGES.badSignature);
      const body = JSON.parse(raw.toString()) as {
        entry?: {
          changes?: {
            value?: {
              statuses?: { id: string; status: string; errors?: { title?: string }[] }[];
              messages?: { from: string; type: string; text?: { body?: string } }[];
            };
          }[];
        }[];
      };
      for (const change of (body.entry ?? []).flatMap((e) => e.changes ?? [])) {
        for (const s of change.value?.statuses ?? []) {
          await applyStatus(db, 'whatsapp', s.id, s.status, s.errors?.[0]?.title ?? null, fallback);
        }
        for (const m of change.value?.messages ?? []) {
          if (m.type === 'text' && STOP_WORDS.has((m.text?.body ?? '').trim().toUpperCase())) {
            await stopReply(db, 'whatsapp', m.from, noticeVersion);
          }
        }
      }
      return { ok: true };
    },

    async sms(raw: Buffer, signature: string | undefined): Promise<{ ok: true }> {
      if (!signatureMatches(secrets.smsWebhookSecret, raw, signature, ''))
        throw new HttpError(401, NOTIFY_MESSAGES.badSignature);
      const body = JSON.parse(raw.toString()) as {
        type?: string;
        request_id?: string;
        status?: string;
        number?: string;
        message?: string;
      };
      if (body.type === 'dlr' && body.request_id && body.status) {
        await applyStatus(
          db,
          'sms',
          body.request_id,
          body.status,
          body.status === 'failed' ? 'SMS not delivered' : null,
          fallback,
        );
      }
      if (body.type === 'inbound' && body.number && STOP_WORDS.has((body.message ?? '').trim().toUpperCase())) {
        await stopReply(db, 'sms', body.number, noticeVersion);
      }
      return { ok: true };
    },
  };
}
