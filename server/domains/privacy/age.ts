import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type { AgeRecordsTable } from '../../platform/db/schema.ts';
import { BusinessError, ValidationFailed } from '../../platform/lib/errors.ts';
import { enqueueEmail } from '../../platform/mail/outbox.ts';
import { compose, sha256, type MailContext } from '../accounts/index.ts';
import { createConsentRepository } from './repositories/consents.ts';
import { GUARDIAN_LINK_PLACEHOLDER, guardianToken, newResetNonce } from '../../platform/lib/reset-links.ts';

/** A parent's confirmation link is valid this long after the registration (decision record 065). */
const GUARDIAN_LINK_DAYS = 7;

/** The under-18 rule's answers (contract words kept here: they are the server's). */
export const GUARDIAN_MESSAGES = {
  purchaseBlocked:
    'Your parent or guardian has not yet confirmed your account. We emailed them a link; once they confirm, you can enroll.',
  parentRequired: 'Students under 18 need a parent or guardian: enter their name and email.',
  ageRequired: 'Enter your date of birth, or confirm that you are 18 or older.',
  linkInvalid: 'This confirmation link is not valid or was already used.',
} as const;

/** Age in whole years on `today` (UTC calendar) of a YYYY-MM-DD birth date. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** A known minor: a date of birth under 18 years ago. No record (older accounts) or a declaration: adult. */
export function isMinor(
  record: Pick<Selectable<AgeRecordsTable>, 'date_of_birth' | 'is_adult'> | undefined,
  today = new Date(),
) {
  if (!record) return false;
  if (record.date_of_birth) return ageOn(record.date_of_birth, today) < 18;
  return !record.is_adult;
}

type AgeAnswer = { date_of_birth?: string; is_adult?: boolean; parent_name?: string; parent_email?: string };

/**
 * Checks the registration's age answer (400 with the field to fix) and says whether it makes a minor.
 * No answer at all is refused (decision record 065: leaving the fields out skipped the under-18 rule).
 */
export function checkAgeAnswer(input: AgeAnswer, today = new Date()): 'adult' | 'minor' {
  if (!input.date_of_birth && input.is_adult === undefined) {
    throw new ValidationFailed({ date_of_birth: [GUARDIAN_MESSAGES.ageRequired] });
  }
  if (input.date_of_birth) {
    const age = ageOn(input.date_of_birth, today);
    if (Number.isNaN(age) || age < 0 || age > 120) {
      throw new ValidationFailed({ date_of_birth: ['Enter a real date of birth.'] });
    }
    if (age >= 18) return 'adult';
  } else if (input.is_adult) return 'adult';
  if (!input.parent_name || !input.parent_email) {
    throw new ValidationFailed({ parent_email: [GUARDIAN_MESSAGES.parentRequired] });
  }
  return 'minor';
}

/** How the parent's email goes: the links' key, and whether the recipient's daily allowance lets it be written. */
export type ParentMail = { linkKey: Buffer; send: boolean };

/**
 * Records the age answer in the registration's transaction; for a minor, writes the parent's confirmation
 * email (within MAIL_MAX_PER_RECIPIENT_PER_DAY: `parent.send`) with a single-use link valid 7 days. Neither
 * the row nor the outbox holds the link: the row keeps its nonce and the SHA-256 of its token, the outbox a
 * placeholder the mail worker replaces as it sends (as for password resets, server/platform/lib/reset-links.ts).
 */
export async function recordAge(
  trx: Db,
  ctx: MailContext,
  user: { id: number; first_name: string; username: string },
  input: AgeAnswer,
  kind: 'adult' | 'minor',
  parent: ParentMail,
): Promise<void> {
  const nonce = kind === 'minor' ? newResetNonce() : null;
  const token = nonce ? guardianToken(parent.linkKey, nonce) : null;
  await createConsentRepository(trx).saveAge({
    user_id: user.id,
    date_of_birth: input.date_of_birth ?? null,
    is_adult: kind === 'adult' ? 1 : 0,
    parent_name: kind === 'minor' ? (input.parent_name ?? null) : null,
    parent_email: kind === 'minor' ? (input.parent_email ?? null) : null,
    token_hash: token ? sha256(token) : null,
    link_nonce: nonce,
    confirmed_at: null,
    created_at: new Date().toISOString(),
  });
  if (!token || !input.parent_email || !parent.send) return;
  const link = GUARDIAN_LINK_PLACEHOLDER;
  await enqueueEmail(trx, {
    template: 'guardian_consent',
    to: [input.parent_email],
    ...compose(ctx, `Please confirm ${user.first_name || user.username}'s account`, `Dear ${input.parent_name},`, [
      `${user.first_name || user.username} created an account (${user.username}) at ${ctx.institute.legalName} and told us you are their parent or guardian. Because they are under 18, the law asks for your consent before we process their data for a course purchase.`,
      `To give it, open this link: ${link}`,
      `The link works for ${GUARDIAN_LINK_DAYS} days. We never send marketing to students under 18. If you do not recognise this, ignore this email: the account cannot buy anything until you confirm.`,
    ]),
    attachments: [{ kind: 'guardian_consent', id: user.id }],
  });
}

/** Refuses a payment start (400) for a minor whose parent has not confirmed. */
export async function assertMayPurchase(db: Db, userId: number): Promise<void> {
  const record = await createConsentRepository(db).age(userId);
  if (isMinor(record) && !record?.confirmed_at) throw new BusinessError(GUARDIAN_MESSAGES.purchaseBlocked);
}

/** The parent's link: confirms once. */
export async function confirmGuardian(db: Db, token: string): Promise<void> {
  const issuedAfter = new Date(Date.now() - GUARDIAN_LINK_DAYS * 86_400_000).toISOString();
  const userId = await createConsentRepository(db).confirmGuardian(sha256(token), issuedAfter);
  if (userId === undefined) throw new BusinessError(GUARDIAN_MESSAGES.linkInvalid);
}
