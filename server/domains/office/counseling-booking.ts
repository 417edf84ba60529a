import type { z } from 'zod';
import type { CounselingInput, CounselingRequest } from '../../../contract/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createRateLimiter } from '../../platform/db/rate-limits.ts';
import { rateLimited } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import type { MailEvents } from '../accounts/mail.ts';
import { mayMailStranger } from '../accounts/index.ts';
import { recordChoices } from '../privacy/index.ts';
import { createCounselingRepository } from './repositories/counseling.ts';
import { toCounselingRequest } from './present.ts';

type BookingDeps = {
  mail: Pick<MailEvents, 'counselingRequested'>;
  config: Pick<Config, 'counselingMaxPerAddress' | 'counselingWindowSeconds' | 'mailMaxPerRecipientPerDay' | 'privacy'>;
};

/**
 * A free counseling booking from /contact (public): limited per client address (shared by all instances),
 * kept with the visitor's consent choices, and acknowledged by email with the notice to administrators, all
 * in one transaction. A refused or failed booking gives its place under the limit back.
 */
export async function bookCounseling(
  db: Db,
  { mail, config }: BookingDeps,
  input: z.output<typeof CounselingInput>,
  clientAddress: string,
): Promise<CounselingRequest> {
  const limiter = createRateLimiter(db);
  const key = `counseling:addr:${clientAddress}`;
  // Counted and recorded in one serialised step, so a burst gets at most the limit through.
  const attempt = await limiter.attempt(
    [{ key, max: config.counselingMaxPerAddress, windowSeconds: config.counselingWindowSeconds }],
    [key],
  );
  if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  try {
    // The acknowledgement quotes nothing the visitor typed, and one address gets a few a day at most.
    const acknowledge = await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, input.email);
    const row = await inTransaction(db, async (trx) => {
      const { consents, ...fields } = input;
      const created = await createCounselingRepository(trx).create({ ...fields, created_at: nowIso() });
      const who = { userId: null, email: input.email };
      await recordChoices(trx, who, consents, 'counseling', config.privacy.noticeVersion);
      // The acknowledgement to the visitor and the notice to administrators commit with the request.
      await mail.counselingRequested(
        trx,
        {
          name: input.name,
          email: input.email,
          phone: input.phone,
          preferredDate: input.preferred_date,
          interest: input.interest,
          message: input.message,
        },
        acknowledge,
      );
      return created;
    });
    return toCounselingRequest(row);
  } catch (error) {
    await limiter.release(attempt);
    throw error;
  }
}
