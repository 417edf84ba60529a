import type { Kysely } from 'kysely';

/**
 * A parent's confirmation link is written like a password reset's (decision record 065): the outbox keeps
 * a placeholder, the mail worker derives the token from `link_nonce` and the server's secret as it sends.
 * The links already written into outbox bodies are taken out of them (the 7-day life of a link counts
 * from the age record's created_at). Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const LINK = /(guardian-confirm\?token=)[A-Za-z0-9_-]+/g;
const REMOVED = '$1[removed]';

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('age_records').addColumn('link_nonce', 'varchar(64)').execute();
  const rows = (await db
    .selectFrom('outbox')
    .select(['id', 'text_body', 'html_body'])
    .where('template', '=', 'guardian_consent')
    .execute()) as { id: number; text_body: string; html_body: string }[];
  for (const row of rows) {
    await db
      .updateTable('outbox')
      .set({ text_body: row.text_body.replace(LINK, REMOVED), html_body: row.html_body.replace(LINK, REMOVED) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('age_records').dropColumn('link_nonce').execute();
}
