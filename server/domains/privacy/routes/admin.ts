import type { FastifyInstance } from 'fastify';
import { IncidentInput, PRIVACY_PATHS, PrivacyRequestAction } from '../../../../contract/privacy.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { listIncidents, notifyAffected, recordIncident } from '../incidents.ts';
import { handleRequest, listRequests } from '../service.ts';

/** The admin Privacy tab: privacy requests (oldest first) and breach incidents. Administrators only. */
export default async function privacyAdminRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const ctx = { institute: config.institute, publicUrl: config.publicUrl };

  app.get(PRIVACY_PATHS.adminRequests, { preHandler: adminOnly }, async () => listRequests(db));

  app.post(PRIVACY_PATHS.adminRequest(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const action = parse(PrivacyRequestAction, request.body);
    return handleRequest(db, { ctx, uploadDir: config.uploadDir }, admin.id, idParam(request.params), action);
  });

  app.get(PRIVACY_PATHS.adminIncidents, { preHandler: adminOnly }, async () => listIncidents(db));

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
