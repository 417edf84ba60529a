import type { FastifyInstance } from 'fastify';
import {
  ConsentChangeInput,
  ErasureRequestInput,
  GuardianConfirmInput,
  PRIVACY_API,
} from '../../../contract/privacy.ts';
import { notFound } from '../../lib/errors.ts';
import { isPolicySlug, loadPolicy } from '../../lib/policies.ts';
import { parse } from '../../lib/validate.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';
import { createConsentRepository } from '../../repositories/consents.ts';
import { confirmGuardian } from '../../services/age.ts';
import { consentState } from '../../services/consents.ts';
import { buildDataExport } from '../../services/data-export.ts';
import { requestErasure } from '../../services/privacy-requests.ts';

/**
 * The person's side of data protection (decision record 046): the policy pages' text, their consents
 * (read, give, withdraw), the data export, the erasure request, and a parent's confirmation link.
 */
export default async function privacyRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(PRIVACY_API.policy(), async (request) => {
    const { slug } = request.params as { slug: string };
    if (!isPolicySlug(slug)) throw notFound();
    return loadPolicy(slug, config);
  });

  app.get(PRIVACY_API.consents, { preHandler: authenticated }, async (request) =>
    consentState(db, requireUser(request).id, config.privacy.noticeVersion),
  );

  // Giving and withdrawing are the same call: one click either way; each is a new row of the history.
  app.post(PRIVACY_API.consents, { preHandler: authenticated }, async (request) => {
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

  app.get(PRIVACY_API.dataExport, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const zip = await buildDataExport(db, user);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(zip));
  });

  app.post(PRIVACY_API.erasureRequest, { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ErasureRequestInput, request.body);
    const created = await requestErasure(db, user, input, config.privacy.requestDueDays);
    return reply.code(201).send(created);
  });

  app.post(PRIVACY_API.guardianConfirm, async (request) => {
    const input = parse(GuardianConfirmInput, request.body);
    await confirmGuardian(db, input.token);
    return { detail: 'Thank you: the account is confirmed.' };
  });
}
