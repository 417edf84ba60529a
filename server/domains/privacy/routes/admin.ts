import type { FastifyInstance } from 'fastify';
import { IncidentInput, PRIVACY_PATHS, PrivacyRequestAction } from '../../../../contract/privacy.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { createIncidentRepository, createPrivacyRequestRepository } from '../repositories/privacy-requests.ts';
import { notifyAffected, recordIncident, toIncident } from '../incidents.ts';
import { actOnRequest, toPrivacyRequest } from '../service.ts';
import { removeStored } from '../../../platform/files/store.ts';

/** The admin Privacy tab: privacy requests (oldest first) and breach incidents. Administrators only. */
export default async function privacyAdminRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };

  app.get(PRIVACY_PATHS.adminRequests, { preHandler: adminOnly }, async () =>
    (await createPrivacyRequestRepository(db).list()).map(toPrivacyRequest),
  );

  app.post(PRIVACY_PATHS.adminRequest(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const action = parse(PrivacyRequestAction, request.body);
    const { request: answer, files } = await actOnRequest(db, ctx, admin.id, idParam(request.params), action);
    // An erasure let go of the person's submissions, résumés and offer letters: the files go once it committed.
    await removeStored(config.uploadDir, files);
    return answer;
  });

  app.get(PRIVACY_PATHS.adminIncidents, { preHandler: adminOnly }, async () =>
    (await createIncidentRepository(db).list()).map(toIncident),
  );

  app.post(PRIVACY_PATHS.adminIncidents, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(IncidentInput, request.body);
    return reply.code(201).send(await recordIncident(db, admin.id, input));
  });

  app.post(PRIVACY_PATHS.adminIncidentNotify(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    return notifyAffected(db, { ...ctx, officer: config.privacy.grievanceOfficer }, admin.id, idParam(request.params));
  });
}
