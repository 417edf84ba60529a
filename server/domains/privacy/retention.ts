import type { Db } from '../../platform/db/connect.ts';
import type { PrivacyConfig } from './config.ts';
import { pruneExpiredEmailLinks } from '../accounts/index.ts';
import { createPersonalDataRepository } from './repositories/personal-data.ts';

const DAY_MS = 86_400_000;

/** `months` calendar months before `now` (UTC). */
function monthsBefore(now: Date, months: number): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
}

export type RetentionResult = {
  counselingDeleted: number;
  outboxBodiesCleared: number;
  resetTokensDeleted: number;
  emailLinksDeleted: number;
};

/**
 * The retention rules (decision record 046), applied once a day by the housekeeping of the one process that
 * runs background work: counseling requests that never became a student, after RETAIN_COUNSELING_MONTHS;
 * the bodies of emails after RETAIN_OUTBOX_BODY_DAYS (recipients, subject and times stay); password reset
 * rows and email confirmation and undo links RETAIN_RESET_TOKEN_DAYS after they expired. `now` is the clock (tests move it).
 */
export async function applyRetention(
  db: Db,
  privacy: Pick<PrivacyConfig, 'counselingRetentionMonths' | 'outboxBodyRetentionDays' | 'resetTokenRetentionDays'>,
  now: Date = new Date(),
): Promise<RetentionResult> {
  const data = createPersonalDataRepository(db);
  const at = (date: Date) => date.toISOString();
  return {
    counselingDeleted: await data.pruneCounseling(at(monthsBefore(now, privacy.counselingRetentionMonths))),
    outboxBodiesCleared: await data.pruneOutboxBodies(
      at(new Date(now.getTime() - privacy.outboxBodyRetentionDays * DAY_MS)),
    ),
    resetTokensDeleted: await data.pruneResetTokens(
      at(new Date(now.getTime() - privacy.resetTokenRetentionDays * DAY_MS)),
    ),
    // Email confirmation and undo links follow the reset links' rule (decision record 063).
    emailLinksDeleted: await pruneExpiredEmailLinks(
      db,
      at(new Date(now.getTime() - privacy.resetTokenRetentionDays * DAY_MS)),
    ),
  };
}
