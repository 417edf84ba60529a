import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileTooLarge } from '../../../../contract/office.ts';
import { PLACEMENT_DOCUMENT_MESSAGES as D } from '../../../../contract/placement-documents.ts';
import {
  ApplicationInput,
  OPENING_PATHS as P,
  OPENING_STATUSES,
  OpeningInput,
  StageInput,
} from '../../../../contract/placement-openings.ts';
import { idParam, parse, parseQuery } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { formValues, readUpload } from '../../../platform/files/read-upload.ts';
import { sendFile } from '../../../platform/files/store.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { createPlacementDocuments, pdfOf } from '../documents.ts';
import { createOpeningsService } from '../openings.ts';

const OpeningQuery = z.object({ status: z.enum(OPENING_STATUSES).optional() });

/** Openings and applications (decision record 078): the office's openings and stages, the student's applications. */
export default async function openingsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const documents = createPlacementDocuments(db, config.uploadDir);
  const openings = createOpeningsService(
    db,
    { institute: config.institute, publicUrl: config.publicUrl },
    documents.resumes,
  );
  const maxBytes = config.uploadMaxBytes;

  // Apply: the dashboard's form (multipart: the fields and a PDF résumé, required), or a JSON body without one.
  const apply = async (request: FastifyRequest, reply: FastifyReply) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    if (!request.isMultipart()) {
      const input = parse(ApplicationInput, request.body ?? {});
      return reply.code(201).send(await openings.apply(student, id, input, null));
    }
    const { fields, file } = await readUpload(request, {
      fileField: 'resume',
      maxBytes,
      tooLarge: fileTooLarge(maxBytes),
    });
    const input = parse(ApplicationInput, formValues(fields));
    const resume = pdfOf(file, {
      field: 'resume',
      missing: D.resumeMissing,
      wrongType: D.resumeType,
      fallbackName: 'resume',
    });
    return reply.code(201).send(await openings.apply(student, id, input, resume));
  };

  app.get(P.studentOpenings, { preHandler: authenticated }, (request) =>
    openings.studentOpenings(requireUser(request)),
  );
  await app.register(withUploads((uploads) => uploads.post(P.apply(), { preHandler: authenticated }, apply)));
  // The résumé: to its student here, to administrators under the office's path (step-up: a file of personal data).
  app.get(P.resume(), { preHandler: authenticated }, async (request, reply) => {
    const pdf = await documents.resume(idParam(request.params), requireUser(request).id);
    return sendFile(reply, pdf.location, pdf);
  });
  app.get(P.officeResume(), { preHandler: adminOnly }, async (request, reply) => {
    const pdf = await documents.resume(idParam(request.params), null);
    return sendFile(reply, pdf.location, pdf);
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
