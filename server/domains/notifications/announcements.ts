import MarkdownIt from 'markdown-it';
import type { Announcement, AnnouncementInput } from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { withKeysLocked } from '../../platform/db/key-locks.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { activeStudentCount, activeStudentIdsAfter } from '../batches/index.ts';
import { assertTeachesBatch } from '../lessons/index.ts';
import { createQuestionRepository } from './repository.ts';
import { notifyMany, type NotifyInput } from './service.ts';

/** Markdown with raw HTML off and markdown-it's safe link schemes only (as the policy pages). */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
export const renderMarkdown = (source: string) => markdown.render(source);

/**
 * Students whose notifications one transaction of the message worker writes, for an announcement to more
 * students than NOTIFY_FANOUT_INLINE (decision record 086): posting to 5,000 students answers at once.
 */
export const FAN_OUT_CHUNK = 250;

type AnnouncementRow = { id: number; batch_id: number; title: string; body: string; urgent: number };

/** The notification every recipient of an announcement gets (the same inline and from the worker). */
function announcementNotice(batchName: string, row: AnnouncementRow, publicUrl: string): NotifyInput {
  return {
    event: 'announcement',
    title: `${batchName}: ${row.title}`,
    body: row.body,
    link: '/notifications',
    urgent: row.urgent === 1,
    vars: { batch: batchName.slice(0, 30), title: row.title.slice(0, 30), link: `${publicUrl}/notifications` },
  };
}

/**
 * A batch announcement (issue 36): by the batch's instructor or an administrator (assertTeachesBatch, the
 * one rule of the instructor endpoints), to every active student of the batch. Up to `inlineLimit`
 * recipients (NOTIFY_FANOUT_INLINE) their notifications and queued messages are written in the request's
 * transaction; beyond it the announcement is kept with its count and the message worker writes them
 * (fanOutAnnouncements). Nothing is sent inline either way: the message worker sends.
 */
export async function postAnnouncement(
  db: Db,
  user: UserRow | null,
  batchId: number,
  input: AnnouncementInput,
  options: { publicUrl: string; inlineLimit: number },
): Promise<Announcement> {
  const batch = await createQuestionRepository(db).batch(batchId);
  if (!batch) throw notFound();
  const author = assertTeachesBatch(user, batch);
  return inTransaction(db, async (trx) => {
    // At most one more than the request writes: a larger batch is only counted, and the worker reads its students.
    const students = [...new Set(await activeStudentIdsAfter(trx, batch.id, 0, options.inlineLimit + 1))];
    const inline = students.length <= options.inlineLimit;
    const recipients = inline ? students.length : await activeStudentCount(trx, batch.id);
    const now = new Date(clockNow()).toISOString();
    const row = await createQuestionRepository(trx).insertAnnouncement({
      batch_id: batch.id,
      author_id: author.id,
      title: input.title,
      body: input.body,
      urgent: input.urgent ? 1 : 0,
      recipients,
      created_at: now,
      fanned_out_through: inline ? Math.max(0, ...students) : 0,
      fanned_out_at: inline ? now : null,
    });
    if (inline) await notifyMany(trx, students, announcementNotice(batch.name, row, options.publicUrl));
    await createAuditRepository(trx).record({
      actorId: author.id,
      action: 'announce',
      entity: 'batch',
      entityId: batch.id,
      changes: { after: { announcement: row.id, title: input.title, urgent: input.urgent, recipients } },
    });
    return {
      id: row.id,
      batch_id: row.batch_id,
      title: row.title,
      body: row.body,
      html: renderMarkdown(row.body),
      urgent: row.urgent === 1,
      created_at: row.created_at,
      recipients: row.recipients,
    };
  });
}

/**
 * The message worker's first step (decision record 086): writes the notifications of announcements posted
 * to more students than the request writes, FAN_OUT_CHUNK students a transaction, lowest id first. Each
 * chunk holds the announcement's lock and moves `fanned_out_through` in the transaction that writes it, so
 * a chunk is written once whatever dies or whichever instance runs at the same time. Answers the number
 * of notifications written.
 */
export async function fanOutAnnouncements(db: Db, publicUrl: string, chunk = FAN_OUT_CHUNK): Promise<number> {
  let written = 0;
  for (const id of await createQuestionRepository(db).fanningOut(10)) {
    for (let more = true; more;) {
      more = await withKeysLocked(db, [`announcement-fan-out:${id}`], async (trx) => {
        const repo = createQuestionRepository(trx);
        const row = await repo.announcement(id);
        if (!row || row.fanned_out_at !== null) return false;
        const batch = await repo.batch(row.batch_id);
        const students = batch ? await activeStudentIdsAfter(trx, row.batch_id, row.fanned_out_through, chunk) : [];
        if (batch && students.length) await notifyMany(trx, students, announcementNotice(batch.name, row, publicUrl));
        written += new Set(students).size;
        const last = students.length < chunk;
        await repo.fannedOut(
          id,
          Math.max(row.fanned_out_through, ...students),
          last ? new Date(clockNow()).toISOString() : null,
        );
        return !last;
      });
    }
  }
  return written;
}
