import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { StoredFile } from '../../../platform/files/store.ts';
import { eraseStoredFiles } from './erasure-files.ts';
import { ERASED_USERNAME_PREFIX } from '../../../../contract/identity.ts';
import { PERSONAL_DATA } from '../personal-data/index.ts';
import { createErasureCopiesRepository, termPattern } from './erasure-copies.ts';
import { addressColumn, addressedTo, carryingLinks, createIdentityRepository, withinSpans } from './identity.ts';
import { ERASED_EMAIL_DOMAIN } from '../../../../contract/index.ts';

type Row = Record<string, unknown>;

/** Notifications (migration 032): gone, with the number and choices; questions and replies keep no text. */
async function eraseNotifications(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('notification_preferences').where('user_id', '=', userId).execute();
  await db.updateTable('consent_events').set({ phone: null }).where('user_id', '=', userId).execute();
  await db.updateTable('lesson_questions').set({ body: '(erased)' }).where('author_id', '=', userId).execute();
  await db.updateTable('lesson_question_replies').set({ body: '(erased)' }).where('author_id', '=', userId).execute();
}

/**
 * The username an erasure renames the account to: `erased-<id>`. Registration refuses every username with
 * that prefix (contract/identity.ts), so only an account made before that rule could hold it; then a random
 * suffix keeps the erasure from being blocked.
 */
async function renameTarget(db: Db, userId: number): Promise<string> {
  const name = `${ERASED_USERNAME_PREFIX}${userId}`;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(username)`, '=', name)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return taken ? `${name}-${randomBytes(4).toString('hex')}` : name;
}

/** The exported columns of a table (server/domains/privacy/personal-data/index.ts decides which). */
const cols = (table: string) => [...(PERSONAL_DATA[table]?.exported ?? [])];
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
    /**
     * By id, and by address only within the spans of the addresses confirmed for the account
     * (server/domains/privacy/repositories/identity.ts): a stranger's rows under an address nobody confirmed are never here.
     */
    async exportFor(userId: number): Promise<Record<string, Row[]>> {
      const mine = sql`user_id = ${userId}`;
      const student = sql`student_id = ${userId}`;
      const identity = createIdentityRepository(db);
      const spans = await identity.spans(userId);
      const emails = sql`(${withinSpans(spans, addressedTo)} OR ${carryingLinks(await identity.linkIds(userId))})`;
      return {
        users: await select('users', sql`id = ${userId}`),
        verified_emails: await select('verified_emails', mine),
        consent_events: await select(
          'consent_events',
          sql`(user_id = ${userId} OR (user_id IS NULL AND ${withinSpans(spans, addressColumn('email'))}))`,
        ),
        age_records: await select('age_records', mine),
        enrollments: await select('enrollments', student),
        payments: await select('payments', student),
        refunds: await select('refunds', sql`payment_id IN (SELECT id FROM payments WHERE student_id = ${userId})`),
        tax_documents: await select('tax_documents', student),
        counseling_requests: await select('counseling_requests', withinSpans(spans, addressColumn('email'))),
        privacy_requests: await select('privacy_requests', mine),
        outbox: await select('outbox', emails),
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
        placement_offers: await select('placement_offers', student),
        placement_applications: await select('placement_applications', student),
        attempts: await select('attempts', student),
        attempt_answers: await select(
          'attempt_answers',
          sql`attempt_id IN (SELECT id FROM attempts WHERE student_id = ${userId})`,
        ),
        attempt_events: await select(
          'attempt_events',
          sql`attempt_id IN (SELECT id FROM attempts WHERE student_id = ${userId})`,
        ),
        attempt_results: await select('attempt_results', student),
        notifications: await select('notifications', mine),
        notification_settings: await select('notification_settings', mine),
        notification_preferences: await select('notification_preferences', mine),
        message_outbox: await select('message_outbox', mine),
        lesson_questions: await select('lesson_questions', sql`author_id = ${userId}`),
        lesson_question_replies: await select('lesson_question_replies', sql`author_id = ${userId}`),
      };
    },

    /**
     * Erasure (in the caller's transaction): the account's identity replaced, its password and logins
     * ended; under its confirmed addresses, current and former, within their spans (identity.ts): counseling
     * requests and notes deleted, consents unlinked from the address, the emails to it emptied; the copies
     * (audit log, gateway messages, administrators' notices) pseudonymised (erasure-copies.ts). Invoices and
     * credit notes (tax_documents) are not touched: GST law keeps them, and their PDFs are printed from their
     * own stored data. Answers the stored files it let go (submissions, résumés, offer letters), for the caller
     * to remove after commit.
     */
    async erase(userId: number): Promise<{ files: StoredFile[] }> {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      const identity = createIdentityRepository(db);
      const spans = await identity.spans(userId);
      const toThem = sql<boolean>`(${withinSpans(spans, addressedTo)} OR ${carryingLinks(await identity.linkIds(userId))})`;
      const byAddress = withinSpans(spans, addressColumn('email'));
      const payments = await db
        .selectFrom('payments')
        .select(['id', 'billing_first_name', 'billing_last_name', 'billing_email', 'billing_phone'])
        .where('student_id', '=', userId)
        .execute();
      const counseling = await db
        .selectFrom('counseling_requests')
        .select(['id', 'name', 'phone'])
        .where(byAddress)
        .execute();
      const enrollments = await db.selectFrom('enrollments').select('id').where('student_id', '=', userId).execute();
      const pattern = termPattern([
        ...[user.username, user.email, `${user.first_name} ${user.last_name}`, user.first_name, user.last_name],
        user.phone,
        ...spans.map((span) => span.email),
        ...payments.flatMap((p) => [
          p.billing_email,
          p.billing_phone,
          `${p.billing_first_name} ${p.billing_last_name}`,
        ]),
        ...counseling.flatMap((c) => [c.name, c.phone]),
      ]);
      const copies = createErasureCopiesRepository(db);
      const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
      await copies.scrubAudit(
        userId,
        { payments: ids(payments), enrollments: ids(enrollments), counseling: ids(counseling) },
        spans,
        pattern,
      );
      await copies.scrubGatewayEvents(ids(payments));
      await copies.scrubNotices(spans);

      const anon = await renameTarget(db, userId);
      await db
        .updateTable('users')
        .set({
          username: anon,
          email: `${anon}@${ERASED_EMAIL_DOMAIN}`,
          first_name: 'Erased',
          last_name: 'Person',
          password_hash: '!erased',
          is_active: 0,
          email_verified_at: null,
          phone: null,
        })
        .where('id', '=', userId)
        .execute();
      await db.deleteFrom('refresh_families').where('user_id', '=', userId).execute();
      await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await db.deleteFrom('email_links').where('user_id', '=', userId).execute();
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
      const files = await eraseStoredFiles(db, userId);
      // Success stories about them go: their name, photo and words are published nowhere (decision record 079).
      await db
        .deleteFrom('success_stories')
        .where('offer_id', 'in', db.selectFrom('placement_offers').select('id').where('student_id', '=', userId))
        .execute();
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
      if (counseling.length) {
        await db.deleteFrom('counseling_notes').where('request_id', 'in', ids(counseling)).execute();
        await db.deleteFrom('counseling_requests').where('id', 'in', ids(counseling)).execute();
      }
      await db.updateTable('consent_events').set({ email: null }).where(byAddress).execute();
      await db.updateTable('consent_events').set({ email: null }).where('user_id', '=', userId).execute();
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
      await eraseNotifications(db, userId);
      // The addresses themselves go last: nothing needs them any more.
      await db.deleteFrom('verified_emails').where('user_id', '=', userId).execute();
      return { files };
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
