import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ApplicationInput,
  OPENING_PATHS as P,
  OPENING_STATUSES,
  OpeningInput,
  StageInput,
} from '../../../../contract/placement-openings.ts';
import { idParam, parse, parseQuery } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { createOpeningsService } from '../openings.ts';

const OpeningQuery = z.object({ status: z.enum(OPENING_STATUSES).optional() });

/** Openings and applications (decision record 078): the office's openings and stages, the student's applications. */
export default async function openingsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const openings = createOpeningsService(db, { institute: config.institute, publicUrl: config.publicUrl });

  app.get(P.studentOpenings, { preHandler: authenticated }, (request) =>
    openings.studentOpenings(requireUser(request)),
  );
  app.post(P.apply(), { preHandler: authenticated }, async (request, reply) => {
    const input = parse(ApplicationInput, request.body ?? {});
    return reply.code(201).send(await openings.apply(requireUser(request), idParam(request.params), input));
  });
  app.get(P.studentApplications, { preHandler: authenticated }, (request) =>
    openings.studentApplications(requireUser(request)),
  );
  app.post(P.withdraw(), { preHandler: authenticated }, (request) =>
    openings.withdraw(requireUser(request), idParam(request.params)),
  );

  app.get(P.openings, { preHandler: adminOnly }, (request) =>
    openings.openings(parseQuery(OpeningQuery, request.query).status),
  );
  app.post(P.openings, { preHandler: adminOnly }, async (request, reply) => {
    const input = parse(OpeningInput, request.body);
    return reply.code(201).send(await openings.createOpening(requireAdmin(request), input));
  });
  app.put(P.opening(), { preHandler: adminOnly }, (request) =>
    openings.updateOpening(requireAdmin(request), idParam(request.params), parse(OpeningInput, request.body)),
  );
  app.delete(P.opening(), { preHandler: adminOnly }, async (request, reply) => {
    await openings.deleteOpening(requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });
  app.get(P.openingApplications(), { preHandler: adminOnly }, (request) =>
    openings.openingApplications(idParam(request.params)),
  );
  app.post(P.stage(), { preHandler: adminOnly }, (request) =>
    openings.setStage(requireAdmin(request), idParam(request.params), parse(StageInput, request.body)),
  );
}
