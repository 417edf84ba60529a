import type { Insertable } from 'kysely';
import {
  NOTIFY_EVENTS,
  type MarkReadInput,
  type Notification,
  type NotificationPage,
  type NotifyEvent,
} from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { pageLinks } from '../../platform/lib/pagination.ts';
import { localChanges } from './changes.ts';
import { notBefore } from './quiet-hours.ts';
import { createNotificationRepository } from './repository.ts';
import type { MessageOutboxTable, NotificationRow } from './tables.ts';
import { TEMPLATES, templateRows } from './templates.ts';

/**
 * notify(): what other domains call, in the transaction of the event (decision record 074). It writes the
 * in-app notification and one message-outbox row per channel the student chose for the event's kind:
 * email (unless the event wrote its own email already), WhatsApp (opted in, with a number) and SMS (a
 * number that has not replied STOP). WhatsApp first; SMS then only as its fallback. Non-urgent rows wait
 * out the quiet hours. Nothing is sent here: the message worker sends.
 */
export type NotifyInput = {
  event: NotifyEvent;
  title: string;
  body: string;
  /** A path on this site, e.g. /classroom/notifications. */
  link?: string | null;
  urgent?: boolean;
  /** The template's variables by name (templates.ts). */
  vars?: Record<string, string>;
  /** The event enqueued its own email in this transaction. */
  emailed?: boolean;
};

const DEFAULTS: Record<string, boolean> = { email: true, whatsapp: false, sms: false };
const hasTemplate = (event: string) => TEMPLATES.some((t) => t.event === event);

export async function notifyMany(trx: Db, userIds: number[], input: NotifyInput): Promise<number[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const repo = createNotificationRepository(trx);
  const kind = NOTIFY_EVENTS[input.event];
  const now = clockNow();
  const created = await repo.insertMany(
    ids.map((user_id) => ({
      user_id,
      kind,
      event: input.event,
      title: input.title.slice(0, 200),
      body: input.body,
      link: input.link ?? null,
      urgent: input.urgent ? 1 : 0,
      emailed: input.emailed ? 1 : 0,
      created_at: new Date(now).toISOString(),
    })),
  );
  // This process's unread streams look a moment later (decision record 080).
  localChanges.tell({ kind: 'written' });
  if (kind === 'questions') return created.map((c) => c.id);
  const settings = new Map((await repo.settings(ids)).map((s) => [s.user_id, s]));
  const choices = new Map<string, boolean>();
  for (const p of await repo.preferences(ids, kind)) choices.set(`${p.user_id}:${p.channel}`, p.enabled === 1);
  const wants = (userId: number, channel: string) => choices.get(`${userId}:${channel}`) ?? DEFAULTS[channel]!;
  const templateVars = TEMPLATES.find((t) => t.event === input.event)?.variables ?? [];
  const params = JSON.stringify(templateVars.map((v) => input.vars?.[v] ?? ''));
  const at = new Date(notBefore(now, input.urgent ?? false)).toISOString();
  const rows: Insertable<MessageOutboxTable>[] = [];
  for (const { id, user_id } of created) {
    const base = { notification_id: id, user_id, urgent: input.urgent ? 1 : 0, status: 'pending' };
    const row = { ...base, next_attempt_at: at, created_at: new Date(now).toISOString(), fallback_of: null };
    if (!input.emailed && wants(user_id, 'email')) rows.push({ ...row, channel: 'email', phone: null, params: '[]' });
    const s = settings.get(user_id);
    if (!s?.phone || !hasTemplate(input.event)) continue;
    if (wants(user_id, 'whatsapp') && s.whatsapp_opt_in)
      rows.push({ ...row, channel: 'whatsapp', phone: s.phone, params });
    else if (wants(user_id, 'sms') && !s.sms_stopped) rows.push({ ...row, channel: 'sms', phone: s.phone, params });
  }
  await repo.enqueue(rows);
  return created.map((c) => c.id);
}

export async function notify(trx: Db, userId: number, input: NotifyInput): Promise<number> {
  const [id] = await notifyMany(trx, [userId], input);
  return id!;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  event: row.event,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  urgent: row.urgent === 1,
  read: row.read_at !== null,
  created_at: row.created_at,
});

/** The student's own notifications, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  url: string,
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const repo = createNotificationRepository(db);
  const { count, unread } = await repo.counts(userId);
  const rows = await repo.page(userId, pageSize, (page - 1) * pageSize);
  return { count, unread, ...pageLinks(url, page, pageSize, count), results: rows.map(toNotification) };
}

export async function markRead(db: Db, userId: number, input: MarkReadInput): Promise<{ unread: number }> {
  const repo = createNotificationRepository(db);
  await repo.markRead(userId, 'all' in input ? 'all' : input.ids, new Date(clockNow()).toISOString());
  localChanges.tell({ kind: 'read', userId });
  return { unread: (await repo.counts(userId)).unread };
}

/** The approved templates into their table (decision record 073), once as the server starts; kept ones stay. */
export const registerTemplates = (db: Db): Promise<void> =>
  createNotificationRepository(db).registerTemplates(templateRows(new Date().toISOString()));
