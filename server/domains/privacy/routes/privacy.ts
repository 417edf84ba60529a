import type { FastifyInstance } from 'fastify';
import {
  ConsentChangeInput,
  ErasureRequestInput,
  GuardianConfirmInput,
  PRIVACY_PATHS,
} from '../../../../contract/privacy.ts';
import { notFound } from '../../../platform/lib/errors.ts';
import { isPolicySlug, loadPolicy } from '../../../platform/lib/policies.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { confirmGuardian } from '../age.ts';
import { changeConsent, consentState } from '../consents.ts';
import { askForErasure, exportOwnData } from '../service.ts';

/**
 * The person's side of data protection (decision record 046): the policy pages' text, their consents
 * (read, give, withdraw), the data export, the erasure request, and a parent's confirmation link.
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

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
    return changeConsent(db, user.id, input, config.privacy.noticeVersion);
  });

  app.get(PRIVACY_PATHS.dataExport, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    // A whole account's data in a zip is costly to build: DATA_EXPORT_MAX_PER_HOUR per account (decision 065).
    const zip = await exportOwnData(db, user, config.hardening.exportMaxPerHour);
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
    const limits = { maxPerDay: config.hardening.erasureRequestMaxPerDay, dueDays: config.privacy.requestDueDays };
    return reply.code(201).send(await askForErasure(db, user, input, limits));
  });

  app.post(PRIVACY_PATHS.guardianConfirm, async (request) => {
    const input = parse(GuardianConfirmInput, request.body);
    await confirmGuardian(db, input.token);
    return { detail: 'Thank you: the account is confirmed.' };
  });
}
