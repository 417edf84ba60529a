import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTooLarge } from '../../../contract/office.ts';
import { PLACEMENT_DOCUMENT_MESSAGES as D } from '../../../contract/placement-documents.ts';
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
import { formValues, readUpload } from '../../platform/files/read-upload.ts';
import { sendFile } from '../../platform/files/store.ts';
import { withUploads } from '../../platform/http/uploads.ts';
import { resolveJwtSecret } from '../accounts/index.ts';
import { createPlacementDocuments, pdfOf } from './documents.ts';
import { confirmationLinkKey } from './confirmation-links.ts';
import { createConfirmationService } from './confirmations.ts';
import { createPlacementService } from './service.ts';
import { createStudentPlacementService } from './student.ts';
import { placementSummary } from './summary.ts';

const OfferQuery = z.object({ status: z.enum(OFFER_STATUSES).optional() });
/** An offer letter's field: a PDF by its bytes. */
const LETTER = { field: 'offer_letter', wrongType: D.offerLetterType, fallbackName: 'offer-letter' };

/** Placement (decision record 070): the public figures, the student's offers, the employer's link, the office. */
export default async function placementRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const documents = createPlacementDocuments(db, config.uploadDir);
  const placement = createPlacementService(db, documents.letters);
  const maxBytes = config.uploadMaxBytes;
  const readLetter = (request: FastifyRequest) =>
    readUpload(request, { fileField: 'offer_letter', maxBytes, tooLarge: fileTooLarge(maxBytes) });
  const studentPlacement = createStudentPlacementService(db);
  // Resolved once as the routes register, never inside a request's transaction (with no JWT_SECRET the secret is
  // read from the database, and on SQLite a transaction holds the one connection).
  const linkKey = confirmationLinkKey(await resolveJwtSecret(db, config.jwtSecret));
  const confirmations = createConfirmationService(
    db,
    { institute: config.institute, publicUrl: config.publicUrl },
    linkKey,
  );

  app.get(P.summary, () => placementSummary(db));

  app.get(P.studentOffers, { preHandler: authenticated }, (request) => placement.studentOffers(requireUser(request)));
  // Report an offer: the dashboard's form (multipart: the fields and, if they have it, the letter), or JSON.
  const reportOffer = async (request: FastifyRequest) => {
    const student = requireUser(request);
    if (!request.isMultipart()) return placement.reportOffer(student, parse(StudentOfferInput, request.body), null);
    const { fields, file } = await readLetter(request);
    const input = parse(StudentOfferInput, formValues(fields, ['batch', 'employer', 'annual_ctc']));
    return placement.reportOffer(student, input, pdfOf(file, LETTER));
  };
  // The office records an offer for a student: JSON, or the office's form with the letter if it has one.
  const recordOffer = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    if (!request.isMultipart()) return placement.recordOffer(admin, parse(OfficeOfferInput, request.body), null);
    const { fields, file } = await readLetter(request);
    const input = parse(OfficeOfferInput, formValues(fields, ['student', 'batch', 'employer', 'annual_ctc']));
    return placement.recordOffer(admin, input, pdfOf(file, LETTER));
  };
  // The student adds or replaces their claimed offer's letter (multipart only).
  const attachLetter = async (request: FastifyRequest) => {
    const student = requireUser(request);
    const { file } = await readLetter(request);
    const letter = pdfOf(file, { ...LETTER, missing: D.offerLetterMissing })!;
    return documents.attachOfferLetter(student, idParam(request.params), letter);
  };
  await app.register(
    withUploads((uploads) => {
      uploads.post(P.studentOffers, { preHandler: authenticated }, async (request, reply) =>
        reply.code(201).send(await reportOffer(request)),
      );
      uploads.put(P.offerLetter(), { preHandler: authenticated }, attachLetter);
      uploads.post(P.offers, { preHandler: adminOnly }, async (request, reply) =>
        reply.code(201).send(await recordOffer(request)),
      );
    }),
  );
  // The letter: to its student here, to administrators under the office's path (step-up: a file of personal data).
  app.get(P.offerLetter(), { preHandler: authenticated }, async (request, reply) => {
    const pdf = await documents.offerLetter(idParam(request.params), requireUser(request).id);
    return sendFile(reply, pdf.location, pdf);
  });
  app.get(P.officeOfferLetter(), { preHandler: adminOnly }, async (request, reply) => {
    const pdf = await documents.offerLetter(idParam(request.params), null);
    return sendFile(reply, pdf.location, pdf);
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
