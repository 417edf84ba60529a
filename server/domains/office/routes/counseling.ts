import type { FastifyInstance } from 'fastify';
import { API, CounselingInput } from '../../../../contract/index.ts';
import { rateLimited } from '../../../platform/lib/errors.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { createCounselingRepository } from '../repositories/counseling.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { toCounselingRequest } from '../present.ts';
import { mayMailStranger } from '../../accounts/index.ts';
import { recordChoices } from '../../privacy/index.ts';

/** Free counseling bookings from /contact: public, limited per client address (shared by all instances). */
export default async function counselingRoutes(app: FastifyInstance) {
  const { db, config, mail } = app.deps;
  const limiter = createRateLimiter(db);

  app.post(API.counseling.create, async (request, reply) => {
    const input = parse(CounselingInput, request.body);
    const key = `counseling:addr:${request.ip}`;
    // Counted and recorded in one serialised step, so a burst gets at most the limit through.
    const attempt = await limiter.attempt(
      [{ key, max: config.counselingMaxPerAddress, windowSeconds: config.counselingWindowSeconds }],
      [key],
    );
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
    try {
      // The acknowledgement quotes nothing the visitor typed, and one address gets a few a day at most.
      const acknowledge = await mayMailStranger(limiter, config.mailMaxPerRecipientPerDay, input.email);
      const row = await db.transaction().execute(async (trx) => {
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
      return reply.code(201).send(toCounselingRequest(row));
    } catch (error) {
      await limiter.release(attempt);
      throw error;
    }
  });
}
