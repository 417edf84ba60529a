import { sql, type Kysely } from 'kysely';

/**
 * Resource files are served under /media/resources/ (issue 11). The demo content used to link its five
 * files as /resources/<name>, a path the SPA owns, so they answered "Page not found"; this points those
 * links at the files that now ship with the code. Frozen.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const DEMO_FILES = [
  'case-study-textile-exporter.pdf',
  'case-study-nbfc-downgrade.pdf',
  'cma-data-template.xlsx',
  'credit-appraisal-note.docx',
  'early-warning-signals.pdf',
];

export async function up(db: Db): Promise<void> {
  for (const name of DEMO_FILES) {
    await sql`update resources set file = ${`/media/resources/${name}`} where file = ${`/resources/${name}`}`.execute(
      db,
    );
  }
}

export async function down(db: Db): Promise<void> {
  for (const name of DEMO_FILES) {
    await sql`update resources set file = ${`/resources/${name}`} where file = ${`/media/resources/${name}`}`.execute(
      db,
    );
  }
}
