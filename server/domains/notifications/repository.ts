import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { MessageOutboxTable, MessageTemplatesTable, NotificationsTable } from './tables.ts';

/** The notifications, the students' channel settings and choices, and the templates (decision record 073). */
export function createNotificationRepository(db: Db) {
  return {
    async insertMany(rows: Insertable<NotificationsTable>[]): Promise<{ id: number; user_id: number }[]> {
      const out: { id: number; user_id: number }[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        out.push(
          ...(await db
            .insertInto('notifications')
            .values(rows.slice(i, i + 500))
            .returning(['id', 'user_id'])
            .execute()),
        );
      }
      return out;
    },
    page: (userId: number, limit: number, offset: number) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async counts(userId: number): Promise<{ count: number; unread: number }> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>(sql<number>`CASE WHEN read_at IS NULL THEN 1 ELSE 0 END`).as('unread'),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), unread: Number(row.unread ?? 0) };
    },
    async markRead(userId: number, ids: number[] | 'all', at: string): Promise<number> {
      let query = db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids !== 'all') query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    find: (id: number) => db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst(),

    settings: (userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('notification_settings').selectAll().where('user_id', 'in', userIds).execute(),
    settingsOf: (userId: number) =>
      db.selectFrom('notification_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    byPhone: (phone: string) => db.selectFrom('notification_settings').selectAll().where('phone', '=', phone).execute(),
    async saveSettings(
      userId: number,
      values: { phone?: string | null; whatsapp_opt_in?: number; sms_stopped?: number },
    ) {
      const now = new Date().toISOString();
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, phone: null, whatsapp_opt_in: 0, sms_stopped: 0, ...values, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .execute();
    },
    preferences: (userIds: number[], kind?: string) => {
      if (userIds.length === 0) return Promise.resolve([]);
      let query = db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', userIds);
      if (kind) query = query.where('kind', '=', kind);
      return query.execute();
    },
    async savePreference(userId: number, kind: string, channel: string, enabled: boolean) {
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, kind, channel, enabled: enabled ? 1 : 0 })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ enabled: enabled ? 1 : 0 }))
        .execute();
    },

    /** Registers the approved templates once (a registered one is left as it is). */
    async registerTemplates(rows: Insertable<MessageTemplatesTable>[]): Promise<void> {
      await db
        .insertInto('message_templates')
        .values(rows)
        .onConflict((oc) => oc.columns(['event', 'channel']).doNothing())
        .execute();
    },
    template: (event: string, channel: string) =>
      db
        .selectFrom('message_templates')
        .selectAll()
        .where('event', '=', event)
        .where('channel', '=', channel)
        .executeTakeFirst(),

    /** Writes message rows; a second row for one notification and channel is ignored (at most once). */
    async enqueue(rows: Insertable<MessageOutboxTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('message_outbox')
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['notification_id', 'channel']).doNothing())
          .execute();
      }
    },
  };
}
