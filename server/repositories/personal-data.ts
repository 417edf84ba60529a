import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { PERSONAL_DATA } from '../db/personal-data.ts';
import { ERASED_EMAIL_DOMAIN } from '../../contract/index.ts';

type Row = Record<string, unknown>;

/** The exported columns of a table (server/db/personal-data.ts decides which). */
const cols = (table: string) => [...(PERSONAL_DATA[table]?.exported ?? [])];
const lowerEmail = (email: string) => email.toLowerCase();
/**
 * Emails addressed to exactly this address: its JSON string (quotes included) inside the recipients array,
 * with LIKE's wildcards escaped (an `_` in an address must not match another address).
 */
const addressedTo = (email: string) =>
  sql<boolean>`recipients LIKE ${`%${JSON.stringify(email).replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;

/**
 * The person's data, read for the export, and the writes of an erasure and of the retention job. Every
 * read selects exactly the columns personal-data.ts marks exported.
 */
export function createPersonalDataRepository(db: Db) {
  // Column lists come from a constant in this repository's own layer, never from a request.
  const pick = (table: string) => cols(table).map((c) => sql.ref(`${table}.${c}`));
  const select = (table: string, where: ReturnType<typeof sql>) =>
    sql<Row>`SELECT ${sql.join(pick(table))} FROM ${sql.table(table)} WHERE ${where} ORDER BY 1`
      .execute(db)
      .then((r) => r.rows);

  return {
    async exportFor(userId: number, email: string): Promise<Record<string, Row[]>> {
      const mine = sql`user_id = ${userId}`;
      const student = sql`student_id = ${userId}`;
      const address = lowerEmail(email);
      return {
        users: await select('users', sql`id = ${userId}`),
        consent_events: await select('consent_events', sql`(user_id = ${userId} OR lower(email) = ${address})`),
        age_records: await select('age_records', mine),
        enrollments: await select('enrollments', student),
        payments: await select('payments', student),
        refunds: await select('refunds', sql`payment_id IN (SELECT id FROM payments WHERE student_id = ${userId})`),
        tax_documents: await select('tax_documents', student),
        counseling_requests: await select('counseling_requests', sql`lower(email) = ${address}`),
        privacy_requests: await select('privacy_requests', mine),
        outbox: await select('outbox', addressedTo(email)),
        lesson_completions: await select('lesson_completions', student),
        session_reminders: await select('session_reminders', student),
        instalments: await select(
          'instalments',
          sql`enrollment_id IN (SELECT id FROM enrollments WHERE student_id = ${userId})`,
        ),
        instalment_reminders: await select(
          'instalment_reminders',
          sql`instalment_id IN (SELECT i.id FROM instalments i JOIN enrollments e ON e.id = i.enrollment_id WHERE e.student_id = ${userId})`,
        ),
        session_attendance: await select('session_attendance', student),
        assignment_submissions: await select('assignment_submissions', student),
        certificates: await select('certificates', student),
        coupons: await select('coupons', student),
      };
    },

    /**
     * Erasure (in the caller's transaction): the account's identity replaced, its password and logins
     * ended, counseling requests and notes under its address deleted, the emails to it emptied. Invoices
     * and credit notes (tax_documents) are not touched: GST law keeps them, and their PDFs are printed
     * from their own stored data.
     */
    /** Answers the stored names of the submitted files it deleted, for the caller to remove after commit. */
    async erase(userId: number, email: string): Promise<{ submissionFiles: string[] }> {
      const anon = `erased-${userId}`;
      const address = lowerEmail(email);
      await db
        .updateTable('users')
        .set({
          username: anon,
          email: `${anon}@${ERASED_EMAIL_DOMAIN}`,
          first_name: 'Erased',
          last_name: 'Person',
          password_hash: '!erased',
          is_active: 0,
        })
        .where('id', '=', userId)
        .execute();
      await db.deleteFrom('refresh_families').where('user_id', '=', userId).execute();
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await db
        .updateTable('payments')
        .set({
          billing_first_name: 'Erased',
          billing_last_name: 'Person',
          billing_email: null,
          billing_phone: null,
          billing_address: null,
        })
        .where('student_id', '=', userId)
        .execute();
      await db
        .updateTable('enrollments')
        .set({ issue_description: '', admin_notes: '' })
        .where('student_id', '=', userId)
        .execute();
      // Their assignment submissions (text, files, marks) are deleted; the files go after the commit.
      const submissions = await db
        .selectFrom('assignment_submissions')
        .select('file')
        .where('student_id', '=', userId)
        .execute();
      await db.deleteFrom('assignment_submissions').where('student_id', '=', userId).execute();
      // A certificate stays valid under its number and code, but its public page no longer names them
      // (decision record 052).
      await db
        .updateTable('certificates')
        .set({ student_name: 'Erased Person' })
        .where('student_id', '=', userId)
        .execute();
      await db
        .updateTable('age_records')
        .set({ date_of_birth: null, parent_name: null, parent_email: null, token_hash: null })
        .where('user_id', '=', userId)
        .execute();
      const requests = db
        .selectFrom('counseling_requests')
        .select('id')
        .where(sql`lower(email)`, '=', address);
      await db.deleteFrom('counseling_notes').where('request_id', 'in', requests).execute();
      await db
        .deleteFrom('counseling_requests')
        .where(sql`lower(email)`, '=', address)
        .execute();
      await db
        .updateTable('consent_events')
        .set({ email: null })
        .where(sql`lower(email)`, '=', address)
        .execute();
      const toThem = addressedTo(email);
      await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: 'The recipient was erased.' })
        .where(toThem)
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      await db
        .updateTable('outbox')
        .set({
          recipients: JSON.stringify([`${anon}@${ERASED_EMAIL_DOMAIN}`]),
          text_body: '',
          html_body: '',
          subject: '(erased)',
        })
        .where(toThem)
        .execute();
      return { submissionFiles: submissions.flatMap((row) => (row.file ? [row.file] : [])) };
    },

    /** Retention: counseling requests older than `before` that never became a student, with their notes. */
    async pruneCounseling(before: string): Promise<number> {
      const old = db
        .selectFrom('counseling_requests')
        .select('id')
        .where('created_at', '<', before)
        .where('status', '!=', 'converted');
      await db.deleteFrom('counseling_notes').where('request_id', 'in', old).execute();
      const result = await db
        .deleteFrom('counseling_requests')
        .where('created_at', '<', before)
        .where('status', '!=', 'converted')
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Retention: emails written before `before` lose their bodies and attachments; who, what and when stay. */
    async pruneOutboxBodies(before: string): Promise<number> {
      const result = await db
        .updateTable('outbox')
        .set({ text_body: '', html_body: '', attachments: '[]' })
        .where('created_at', '<', before)
        .where('status', 'in', ['sent', 'nowhere', 'failed'])
        .where((eb) => eb.or([eb('text_body', '!=', ''), eb('html_body', '!=', ''), eb('attachments', '!=', '[]')]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Retention: password reset rows that expired before `before`. */
    async pruneResetTokens(before: string): Promise<number> {
      const result = await db.deleteFrom('password_resets').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
