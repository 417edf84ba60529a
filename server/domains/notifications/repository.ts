import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { claimLeased } from '../../platform/db/lease-claim.ts';
import { createSettingsRepository } from './repositories/settings.ts';
import type { MessageOutboxTable, MessageRow, MessageTemplatesTable, NotificationsTable } from './tables.ts';

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

    ...createSettingsRepository(db),
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

const due = (now: string) => sql<boolean>`(status = 'pending' AND next_attempt_at <= ${now})`;

/**
 * The message outbox's claims and status changes (decision record 074). A row is claimed once: only a
 * `pending` row becomes `sending`; one whose worker died while sending is never sent again (its outcome is
 * unknown: it falls back instead), so a channel carries a notification at most once.
 */
export function createMessageRepository(db: Db) {
  return {
    /** Due rows, fallbacks first (they follow a failure and have waited already), then oldest first. */
    async claimDue(dialect: Dialect, limit: number, now: number, leaseSeconds: number): Promise<MessageRow[]> {
      const lease = new Date(now + leaseSeconds * 1000).toISOString();
      const at = new Date(now).toISOString();
      const fallbacks = sql<boolean>`(${due(at)} AND fallback_of IS NOT NULL)`;
      const first = await claimLeased<MessageRow>(db, dialect, 'message_outbox', fallbacks, limit, lease);
      if (first.length === limit) return first;
      return [
        ...first,
        ...(await claimLeased<MessageRow>(db, dialect, 'message_outbox', due(at), limit - first.length, lease)),
      ];
    },

    /** Moves a row from one of `from` to a new state; answers the row when this call made the change. */
    async transition(
      id: number,
      from: string[],
      values: Updateable<MessageOutboxTable>,
    ): Promise<MessageRow | undefined> {
      return db
        .updateTable('message_outbox')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /** Rows whose sender died mid-send (lease over): their outcome is unknown. */
    interrupted: (now: number) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('status', '=', 'sending')
        .where('locked_until', '<', new Date(now).toISOString())
        .limit(100)
        .execute(),
    /** WhatsApp messages sent before `before` with no delivery yet. */
    undelivered: (before: number) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('channel', '=', 'whatsapp')
        .where('status', '=', 'sent')
        .where('sent_at', '<', new Date(before).toISOString())
        .limit(500)
        .execute(),
    byProviderId: (channel: string, providerId: string) =>
      db
        .selectFrom('message_outbox')
        .selectAll()
        .where('channel', '=', channel)
        .where('provider_message_id', '=', providerId)
        .executeTakeFirst(),
    async page(limit: number, offset: number, filter: MessageFilter = {}) {
      let query = db
        .selectFrom('message_outbox')
        .innerJoin('notifications', 'notifications.id', 'message_outbox.notification_id')
        .innerJoin('users', 'users.id', 'message_outbox.user_id')
        .select([
          ...['message_outbox.id', 'message_outbox.channel', 'message_outbox.phone', 'message_outbox.status'],
          ...['message_outbox.last_error', 'message_outbox.fallback_of', 'message_outbox.created_at'],
          ...['message_outbox.sent_at', 'notifications.event', 'users.username', 'users.email'],
        ] as const);
      if (filter.channel) query = query.where('message_outbox.channel', '=', filter.channel);
      if (filter.status) query = query.where('message_outbox.status', '=', filter.status);
      return query.orderBy('message_outbox.id', 'desc').limit(limit).offset(offset).execute();
    },
    async count(filter: MessageFilter = {}): Promise<number> {
      let query = db.selectFrom('message_outbox').select((eb) => eb.fn.countAll<number>().as('n'));
      if (filter.channel) query = query.where('channel', '=', filter.channel);
      if (filter.status) query = query.where('status', '=', filter.status);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** The admin Messages tab's filters (either may be absent). */
type MessageFilter = { channel?: string; status?: string };

/** Announcements, lesson questions and replies (migration 032). */
export function createQuestionRepository(db: Db) {
  return {
    lesson: (id: number) =>
      db.selectFrom('lessons').select(['id', 'program_id', 'title']).where('id', '=', id).executeTakeFirst(),
    batch: (id: number) => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The student's enrollment in a batch (its course page is /learn/{id}). */
    enrollmentIn: (batchId: number, studentId: number) =>
      db
        .selectFrom('enrollments')
        .select('id')
        .where('batch_id', '=', batchId)
        .where('student_id', '=', studentId)
        .executeTakeFirst(),
    batchesOf: (programId: number, instructorId?: number) => {
      let query = db.selectFrom('batches').select('id').where('course_id', '=', programId);
      if (instructorId !== undefined) query = query.where('instructor_id', '=', instructorId);
      return query.execute().then((rows) => rows.map((r) => r.id));
    },
    async insertAnnouncement(values: {
      batch_id: number;
      author_id: number;
      title: string;
      body: string;
      urgent: number;
      recipients: number;
      created_at: string;
      fanned_out_through: number;
      fanned_out_at: string | null;
    }) {
      return db.insertInto('batch_announcements').values(values).returningAll().executeTakeFirstOrThrow();
    },
    announcement: (id: number) =>
      db.selectFrom('batch_announcements').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Announcements whose notifications are not all written yet, oldest first (decision record 086). */
    fanningOut: (limit: number) =>
      db
        .selectFrom('batch_announcements')
        .select('id')
        .where('fanned_out_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => r.id)),
    async fannedOut(id: number, through: number, doneAt: string | null) {
      await db
        .updateTable('batch_announcements')
        .set({ fanned_out_through: through, fanned_out_at: doneAt })
        .where('id', '=', id)
        .execute();
    },
    insertQuestion: (values: {
      lesson_id: number;
      batch_id: number;
      author_id: number;
      body: string;
      created_at: string;
    }) => db.insertInto('lesson_questions').values(values).returningAll().executeTakeFirstOrThrow(),
    question: (id: number) => db.selectFrom('lesson_questions').selectAll().where('id', '=', id).executeTakeFirst(),
    insertReply: (values: { question_id: number; author_id: number; body: string; created_at: string }) =>
      db.insertInto('lesson_question_replies').values(values).returningAll().executeTakeFirstOrThrow(),
    reply: (id: number) => db.selectFrom('lesson_question_replies').selectAll().where('id', '=', id).executeTakeFirst(),
    async accept(questionId: number, replyId: number) {
      await db
        .updateTable('lesson_questions')
        .set({ accepted_reply_id: replyId })
        .where('id', '=', questionId)
        .execute();
    },
    async hide(table: 'lesson_questions' | 'lesson_question_replies', id: number, at: string) {
      await db.updateTable(table).set({ hidden_at: at }).where('id', '=', id).execute();
    },
    /** A lesson's questions in these batches, answered ones first, then newest; hidden ones unless `withHidden`. */
    async questions(lessonId: number, batchIds: number[], withHidden: boolean) {
      if (batchIds.length === 0) return [];
      let query = db
        .selectFrom('lesson_questions')
        .leftJoin('users', 'users.id', 'lesson_questions.author_id')
        .selectAll('lesson_questions')
        .select(['users.first_name', 'users.last_name', 'users.username', 'users.email'])
        .where('lesson_id', '=', lessonId)
        .where('batch_id', 'in', batchIds);
      if (!withHidden) query = query.where('lesson_questions.hidden_at', 'is', null);
      const rows = await query.orderBy('lesson_questions.id', 'desc').limit(200).execute();
      return rows.sort((a, b) => Number(b.accepted_reply_id !== null) - Number(a.accepted_reply_id !== null));
    },
    async replies(questionIds: number[], withHidden: boolean) {
      if (questionIds.length === 0) return [];
      let query = db
        .selectFrom('lesson_question_replies')
        .leftJoin('users', 'users.id', 'lesson_question_replies.author_id')
        .selectAll('lesson_question_replies')
        .select(['users.first_name', 'users.last_name', 'users.username', 'users.email', 'users.role'])
        .where('question_id', 'in', questionIds);
      if (!withHidden) query = query.where('lesson_question_replies.hidden_at', 'is', null);
      return query.orderBy('lesson_question_replies.id').execute();
    },
  };
}
