import type { FastifyInstance } from 'fastify';
import {
  ConsentChangeInput,
  ErasureRequestInput,
  GuardianConfirmInput,
  PRIVACY_PATHS,
} from '../../../../contract/privacy.ts';
import { notFound, rateLimited } from '../../../platform/lib/errors.ts';
import { isPolicySlug, loadPolicy } from '../../../platform/lib/policies.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createConsentRepository } from '../repositories/consents.ts';
import { createRateLimiter } from '../../../platform/db/rate-limits.ts';
import { confirmGuardian } from '../age.ts';
import { consentState } from '../consents.ts';
import { buildDataExport } from '../data-export.ts';
import { requestErasure } from '../service.ts';

/**
 * The person's side of data protection (decision record 046): the policy pages' text, their consents
 * (read, give, withdraw), the data export, the erasure request, and a parent's confirmation link.
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const limiter = createRateLimiter(db);

  /**
   * Counts one more of an account's requests under `key` (the login limiter's mechanism: decision 030),
   * or answers 429. Every attempt counts, a refused one too (an erasure request with a wrong password
   * must not become a way to try passwords).
   */
  async function countOrRefuse(key: string, max: number, windowSeconds: number): Promise<void> {
    const attempt = await limiter.attempt([{ key, max, windowSeconds }], [key]);
    if (!attempt.ok) throw rateLimited(attempt.retryAfterSeconds);
  }

  app.get(PRIVACY_PATHS.policy(), async (request) => {
    const { slug } = request.params as { slug: string };
    if (!isPolicySlug(slug)) throw notFound();
    return loadPolicy(slug, config);
  });

  app.get(PRIVACY_PATHS.consents, { preHandler: authenticated }, async (request) =>
    consentState(db, requireUser(request).id, config.privacy.noticeVersion),
  );

  // Giving and withdrawing are the same call: one click either way; each is a new row of the history.
  app.post(PRIVACY_PATHS.consents, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const input = parse(ConsentChangeInput, request.body);
    const consents = createConsentRepository(db);
    const latest = await consents.latest(user.id, input.purpose);
    if (Boolean(latest?.granted) !== input.granted) {
      await consents.append([
        {
          user_id: user.id,
          email: null,
          purpose: input.purpose,
          granted: input.granted,
          notice_version: config.privacy.noticeVersion,
          source: 'account',
        },
      ]);
    }
    return consentState(db, user.id, config.privacy.noticeVersion);
  });

  app.get(PRIVACY_PATHS.dataExport, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    // A whole account's data in a zip is costly to build: DATA_EXPORT_MAX_PER_HOUR per account (decision 065).
    await countOrRefuse(`export:user:${user.id}`, config.hardening.exportMaxPerHour, 3600);
    const zip = await buildDataExport(db, user);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip));
  });

  app.post(PRIVACY_PATHS.erasureRequest, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ErasureRequestInput, request.body);
    await countOrRefuse(`erasure:user:${user.id}`, config.hardening.erasureRequestMaxPerDay, 86_400);
    const created = await requestErasure(db, user, input, config.privacy.requestDueDays);
    return reply.code(201).send(created);
  });

  app.post(PRIVACY_PATHS.guardianConfirm, async (request) => {
    const input = parse(GuardianConfirmInput, request.body);
    await confirmGuardian(db, input.token);
    return { detail: 'Thank you: the account is confirmed.' };
  });
}
