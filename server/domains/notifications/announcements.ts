import MarkdownIt from 'markdown-it';
import type { Announcement, AnnouncementInput } from '../../../contract/notifications.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createBatchRepository } from '../batches/repository.ts';
import { assertTeachesBatch } from '../lessons/index.ts';
import { createQuestionRepository } from './repository.ts';
import { notifyMany } from './service.ts';

/** Markdown with raw HTML off and markdown-it's safe link schemes only (as the policy pages). */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
export const renderMarkdown = (source: string) => markdown.render(source);

/**
 * A batch announcement (issue 36): by the batch's instructor or an administrator (assertTeachesBatch, the
 * one rule of the instructor endpoints), to every active student of the batch, in one transaction with
 * its notifications and their queued messages (nothing is sent inline: the message worker sends).
 */
export async function postAnnouncement(
  db: Db,
  user: UserRow | null,
  batchId: number,
  input: AnnouncementInput,
  publicUrl: string,
): Promise<Announcement> {
  const batch = await createQuestionRepository(db).batch(batchId);
  if (!batch) throw notFound();
  const author = assertTeachesBatch(user, batch);
  return inTransaction(db, async (trx) => {
    const students = await createBatchRepository(trx).activeStudents(batch.id);
    const row = await createQuestionRepository(trx).insertAnnouncement({
      batch_id: batch.id,
      author_id: author.id,
      title: input.title,
      body: input.body,
      urgent: input.urgent ? 1 : 0,
      recipients: students.length,
      created_at: new Date(clockNow()).toISOString(),
    });
    await notifyMany(
      trx,
      students.map((s) => s.id),
      {
        event: 'announcement',
        title: `${batch.name}: ${input.title}`,
        body: input.body,
        link: '/notifications',
        urgent: input.urgent,
        vars: { batch: batch.name.slice(0, 30), title: input.title.slice(0, 30), link: `${publicUrl}/notifications` },
      },
    );
    await createAuditRepository(trx).record({
      actorId: author.id,
      action: 'announce',
      entity: 'batch',
      entityId: batch.id,
      changes: {
        after: { announcement: row.id, title: input.title, urgent: input.urgent, recipients: students.length },
      },
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
