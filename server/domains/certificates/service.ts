import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_MESSAGES,
  certificateFileName,
  certificatePagePath,
  istToday,
  nameOrErased,
  type AdminCertificate,
  type CertificateRef,
  type PublicCertificate,
} from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { withKeysLocked } from '../../platform/db/key-locks.ts';
import type { CertificateRow, EnrollmentRow, UserRow } from '../../platform/db/schema.ts';
import { BusinessError, notFound } from '../../platform/lib/errors.ts';
import { certificateIssuedEmail } from './templates.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createCertificateRepository } from './repository.ts';
import { createJobLockRepository } from '../../platform/db/job-locks.ts';
import { certificateEligibility } from './eligibility.ts';
import { givesAccess } from '../enrollments/service.ts';
import { assertTeachesBatch } from '../lessons/index.ts';
import { noticeOf } from '../notifications/index.ts';

/**
 * Issuing, verifying and revoking certificates (decision record 052). One key lock (server/platform/db/key-locks.ts)
 * serialises every issue: inside it the enrollment's certificate is looked up (a second issue answers the
 * first), the rules are checked again, the next number is max(number) + 1, and the row, its audit entry and
 * the announcing email (the PDF attached) are written in that one transaction. The unique enrollment_id and
 * number columns are the last guard.
 */

type CertificateSettings = Pick<Config, 'certificates' | 'publicUrl' | 'institute'>;

/** The public page of a certificate, absolute (the QR code, the email, the answers). */
export const verificationUrl = (config: Pick<Config, 'publicUrl'>, code: string) =>
  `${config.publicUrl}${certificatePagePath(code)}`;

/** Who the PDF names as its issuer. */
export const issuerName = (config: Pick<Config, 'institute'>) =>
  config.institute.legalName || 'Credit Careers Institute';

/** 18 random bytes in base64url: 24 characters, 144 bits, safe in a URL. */
const newCode = () => randomBytes(18).toString('base64url');

const fullName = (user: Pick<UserRow, 'first_name' | 'last_name' | 'username'>) =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;

const NUMBER_LOCK = 'certificates:number';

export type IssueOutcome = { created: boolean; row: CertificateRow };

export const certificateRef = (config: Pick<Config, 'publicUrl'>, row: CertificateRow): CertificateRef => ({
  code: row.code,
  number: row.number,
  url: verificationUrl(config, row.code),
});

export const certificateOfEnrollment = (db: Db, enrollmentId: number) =>
  createCertificateRepository(db).byEnrollment(enrollmentId);

export async function findCertificate(db: Db, code: string): Promise<CertificateRow | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return undefined;
  return createCertificateRepository(db).byCode(code);
}

/** Why an enrollment cannot have a certificate whatever its progress; null when it can. */
export function enrollmentProblem(enrollment: EnrollmentRow): string | null {
  if (enrollment.course_type !== 'program') return CERTIFICATE_MESSAGES.notProgram;
  if (!enrollment.batch_id) return CERTIFICATE_MESSAGES.noBatch;
  if (!givesAccess(enrollment)) return CERTIFICATE_MESSAGES.accessEnded;
  return null;
}

/**
 * Issues the enrollment's certificate when its student meets every rule (or answers the one already
 * issued); otherwise a 400 naming every rule not met. `actor` null: the housekeeping job at the batch's end.
 */
export async function issueCertificate(
  db: Db,
  config: CertificateSettings,
  enrollmentId: number,
  actor: UserRow | null,
  now: number = Date.now(),
): Promise<IssueOutcome> {
  return withKeysLocked(db, [NUMBER_LOCK], async (trx) => {
    const repository = createCertificateRepository(trx);
    const existing = await repository.byEnrollment(enrollmentId);
    if (existing) return { created: false, row: existing };
    const enrollment = await repository.enrollment(enrollmentId);
    if (!enrollment) throw notFound();
    const problem = enrollmentProblem(enrollment);
    if (problem) throw new BusinessError(problem);
    const batchId = enrollment.batch_id!;
    const eligibility = await certificateEligibility(
      trx,
      config.certificates,
      { studentId: enrollment.student_id, programId: enrollment.course_id, batchId },
      now,
    );
    if (!eligibility.eligible) throw new BusinessError(eligibility.summary!);

    const batch = (await repository.batch(batchId))!;
    const program = await repository.programTitle(enrollment.course_id);
    const student = (await repository.person(enrollment.student_id))!;
    const instructor = batch.instructor_id ? await repository.person(batch.instructor_id) : undefined;
    // Hours: the held sessions' durations added up, in whole hours rounded down (decision record 052).
    const held = await repository.heldSessions(enrollment.student_id, batchId, new Date(now).toISOString());
    const minutes = held.reduce((sum, session) => sum + session.duration_minutes, 0);
    const issuedAt = new Date(now).toISOString();
    const values = {
      number: await repository.nextNumber(),
      code: newCode(),
      enrollment_id: enrollment.id,
      student_id: enrollment.student_id,
      program_id: enrollment.course_id,
      batch_id: batchId,
      student_name: fullName(student),
      program_title: program,
      batch_name: batch.name,
      starts_on: batch.starts_on,
      ends_on: batch.ends_on,
      hours: Math.floor(minutes / 60),
      instructor_name: instructor ? fullName(instructor) : '',
      issued_on: istToday(new Date(now)),
      issued_at: issuedAt,
      issued_by: actor?.id ?? null,
      status: 'valid' as const,
    };
    const row = await repository.insert(values);
    await createAuditRepository(trx).record({
      actorId: actor?.id ?? null,
      action: 'issue',
      entity: 'certificate',
      entityId: row.id,
      changes: { after: { number: row.number, enrollment: row.enrollment_id, automatic: actor === null } },
    });
    const url = verificationUrl(config, row.code);
    await enqueueEmail(trx, {
      template: 'certificate_issued',
      to: [student.email],
      ...certificateIssuedEmail(
        { institute: config.institute, publicUrl: config.publicUrl },
        { name: student.first_name || student.username, program: row.program_title, number: row.number, url },
      ),
      attachments: [{ kind: 'certificate', id: row.id, filename: certificateFileName(row.number) }],
    });
    await noticeOf.certificate(trx, config, row.student_id, {
      name: student.first_name || student.username,
      program: row.program_title,
      url,
    });
    return { created: true, row };
  });
}

/**
 * Housekeeping: every student of a batch that has ended (ends_on before today in IST) who meets the rules
 * and has no certificate gets one, with nobody clicking. Under the job lock (one instance at a time on
 * PostgreSQL); each issue is its own locked transaction, so two processes never issue one twice.
 * Answers how many were issued.
 */
export async function issueEndedBatchCertificates(
  db: Db,
  dialect: Dialect,
  config: CertificateSettings,
  now: number = Date.now(),
): Promise<number> {
  let issued = 0;
  await createJobLockRepository(db, dialect).runAlone('certificates', async () => {
    const candidates = await createCertificateRepository(db).endedWithoutCertificate(istToday(new Date(now)));
    for (const candidate of candidates) {
      const eligibility = await certificateEligibility(
        db,
        config.certificates,
        { studentId: candidate.student_id, programId: candidate.course_id, batchId: candidate.batch_id! },
        now,
      );
      if (!eligibility.eligible) continue;
      try {
        const outcome = await issueCertificate(db, config, candidate.id, null, now);
        if (outcome.created) issued += 1;
      } catch (error) {
        // No longer eligible since the check (a grade changed meanwhile): the next round looks again.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
  });
  return issued;
}

/** IST calendar day of a stored timestamp. */
const istDayOf = (at: string | null) => (at ? istToday(new Date(at)) : null);

export function toPublicCertificate(row: CertificateRow): PublicCertificate {
  return {
    code: row.code,
    number: row.number,
    student_name: row.student_name,
    program: row.program_title,
    batch: { name: row.batch_name, starts_on: row.starts_on, ends_on: row.ends_on },
    hours: row.hours,
    instructor_name: row.instructor_name,
    issued_on: row.issued_on,
    status: row.status,
    revoked_on: istDayOf(row.revoked_at),
  };
}

/** The office's answer; an erased student's certificate reads "account erased" (decision record 066). */
export function toAdminCertificate(row: CertificateRow & { student_email?: string | null }): AdminCertificate {
  const shown = toPublicCertificate(row);
  return {
    ...shown,
    student_name: nameOrErased(shown.student_name, row.student_email),
    id: row.id,
    enrollment: row.enrollment_id,
    student: row.student_id,
    issued_by: row.issued_by,
    revoked_reason: row.revoked_reason,
  };
}

export const listCertificates = (db: Db) => createCertificateRepository(db).list();

/**
 * Issue as `user` (POST .../issue/): the batch's instructor or an administrator (assertTeachesBatch); without a
 * batch only an administrator may hear why there is nothing to issue. Idempotent, as issueCertificate.
 */
export async function issueCertificateAs(
  db: Db,
  config: CertificateSettings,
  user: UserRow,
  enrollmentId: number,
): Promise<IssueOutcome> {
  const repository = createCertificateRepository(db);
  const enrollment = await repository.enrollment(enrollmentId);
  if (!enrollment) throw notFound();
  const batch = enrollment.batch_id ? await repository.batch(enrollment.batch_id) : undefined;
  assertTeachesBatch(user, batch ?? { instructor_id: null });
  return issueCertificate(db, config, enrollment.id, user);
}

/** The student's valid certificates, by enrollment (the dashboard's Download certificate links). */
export async function myCertificates(db: Db, config: Pick<Config, 'publicUrl'>, student: UserRow) {
  const rows = await createCertificateRepository(db).validOfStudent(student.id);
  return rows.map((row) => ({ enrollment: row.enrollment_id, ...certificateRef(config, row) }));
}

/** An administrator revokes a certificate with a reason (audited); the public page then says revoked. */
export async function revokeCertificate(db: Db, code: string, admin: UserRow, reason: string): Promise<CertificateRow> {
  return db.transaction().execute(async (trx) => {
    const row = await findCertificate(trx, code);
    if (!row) throw notFound();
    if (row.status === 'revoked') throw new BusinessError(CERTIFICATE_MESSAGES.alreadyRevoked);
    const revokedAt = new Date().toISOString();
    const updated = await createCertificateRepository(trx).revoke(row.id, revokedAt, reason, admin.id);
    if (!updated) throw new BusinessError(CERTIFICATE_MESSAGES.alreadyRevoked);
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'revoke',
      entity: 'certificate',
      entityId: row.id,
      changes: { before: { status: 'valid' }, after: { status: 'revoked', reason } },
    });
    return updated;
  });
}
