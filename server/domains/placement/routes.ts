import type { FastifyInstance } from 'fastify';
import {
  ConfirmationAnswerInput,
  ConfirmationRequestInput,
  ConfirmationTokenInput,
  EmployerInput,
  EmployerPatch,
  OFFER_STATUSES,
  OfferDecisionInput,
  OfficeOfferInput,
  PLACEMENT_PATHS as P,
  PlacementOptOutInput,
  StudentOfferInput,
} from '../../../contract/placement.ts';
import { z } from 'zod';
import { idParam, parse, parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../platform/http/auth.ts';
import { resolveJwtSecret } from '../accounts/tokens.ts';
import { confirmationLinkKey } from './confirmation-links.ts';
import { createConfirmationService } from './confirmations.ts';
import { createPlacementService } from './service.ts';
import { createStudentPlacementService } from './student.ts';
import { placementSummary } from './summary.ts';

const OfferQuery = z.object({ status: z.enum(OFFER_STATUSES).optional() });

/** Placement (decision record 070): the public figures, the student's offers, the employer's link, the office. */
export default async function placementRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const placement = createPlacementService(db);
  const studentPlacement = createStudentPlacementService(db);
  let key: Promise<Buffer> | undefined;
  const linkKey = () => (key ??= resolveJwtSecret(db, config.jwtSecret).then(confirmationLinkKey));
  const confirmations = createConfirmationService(
    db,
    { institute: config.institute, publicUrl: config.publicUrl },
    linkKey,
  );

  app.get(P.summary, () => placementSummary(db));

  app.get(P.studentOffers, { preHandler: authenticated }, (request) => placement.studentOffers(requireUser(request)));
  app.post(P.studentOffers, { preHandler: authenticated }, async (request, reply) => {
    const input = parse(StudentOfferInput, request.body);
    return reply.code(201).send(await placement.reportOffer(requireUser(request), input));
  });

  app.get(P.studentBatches, { preHandler: authenticated }, (request) => studentPlacement.batches(requireUser(request)));
  app.patch(P.studentBatch(), { preHandler: authenticated }, (request) =>
    studentPlacement.setOptOut(
      requireUser(request),
      idParam(request.params),
      parse(PlacementOptOutInput, request.body).opt_out,
    ),
  );

  app.post(P.confirmation, (request) => confirmations.view(parse(ConfirmationTokenInput, request.body).token));
  app.post(P.confirmationAnswer, (request) => {
    const input = parse(ConfirmationAnswerInput, request.body);
    return confirmations.answer(input.token, input);
  });

  app.get(P.employers, { preHandler: adminOnly }, () => placement.employers());
  app.post(P.employers, { preHandler: adminOnly }, async (request, reply) => {
    const input = parse(EmployerInput, request.body);
    return reply.code(201).send(await placement.createEmployer(requireAdmin(request), input));
  });
  app.patch(P.employer(), { preHandler: adminOnly }, (request) =>
    placement.updateEmployer(requireAdmin(request), idParam(request.params), parse(EmployerPatch, request.body ?? {})),
  );
  app.delete(P.employer(), { preHandler: adminOnly }, async (request, reply) => {
    await placement.deleteEmployer(requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });

  app.get(P.offers, { preHandler: adminOnly }, (request) => placement.offers(parseQuery(OfferQuery, request.query)));
  app.post(P.offers, { preHandler: adminOnly }, async (request, reply) => {
    const input = parse(OfficeOfferInput, request.body);
    return reply.code(201).send(await placement.recordOffer(requireAdmin(request), input));
  });
  app.get(P.offer(), { preHandler: adminOnly }, (request) => placement.offer(idParam(request.params)));
  // Verifying from the offer letter changes a public figure: step-up (lib/step-up-classes.ts), a note, audited.
  app.post(P.verifyOffer(), { preHandler: adminOnly }, (request) =>
    placement.decide(
      requireAdmin(request),
      idParam(request.params),
      'verified',
      parse(OfferDecisionInput, request.body).note,
    ),
  );
  app.post(P.rejectOffer(), { preHandler: adminOnly }, (request) =>
    placement.decide(
      requireAdmin(request),
      idParam(request.params),
      'rejected',
      parse(OfferDecisionInput, request.body).note,
    ),
  );
  app.post(P.requestConfirmation(), { preHandler: adminOnly }, (request) =>
    confirmations.request(
      requireAdmin(request),
      idParam(request.params),
      parse(ConfirmationRequestInput, request.body).contact_email,
    ),
  );
}
