import type { Kysely } from 'kysely';

/**
 * Success stories linked to a verified offer, published with the student's consent per item (decision
 * record 079): `success_stories.offer_id` (the placement offer the story tells; null only on stories written
 * before this migration, which are never published), `photo` (a picture's URL, shown only with consent) and
 * `changed_at` (the last change of what the student consents to: a consent given before it no longer counts);
 * `consent_events.shown_text`, the exact statement a person was shown when they gave or withdrew a consent
 * (kept with the event, so the record says what was agreed to, not only that something was). The same
 * statements on SQLite and PostgreSQL. Frozen: change with a new migration.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('success_stories')
    .addColumn('offer_id', 'integer', (c) => c.references('placement_offers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('success_stories')
    .addColumn('photo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('success_stories').addColumn('changed_at', 'varchar(32)').execute();
  await db.schema.createIndex('success_stories_offer').on('success_stories').column('offer_id').execute();
  await db.schema.alterTable('consent_events').addColumn('shown_text', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('consent_events').dropColumn('shown_text').execute();
  await db.schema.dropIndex('success_stories_offer').execute();
  await db.schema.alterTable('success_stories').dropColumn('changed_at').execute();
  await db.schema.alterTable('success_stories').dropColumn('photo').execute();
  await db.schema.alterTable('success_stories').dropColumn('offer_id').execute();
}
