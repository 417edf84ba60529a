import type { FastifyInstance } from 'fastify';
import {
  CERTIFICATE_PATHS,
  CERTIFICATE_MESSAGES,
  certificateFileName,
  RevokeInput,
} from '../../../../contract/index.ts';
import { renderCertificate } from '../pdf.ts';
import { HttpError, notFound } from '../../../platform/lib/errors.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { assertInstructor } from '../../lessons/index.ts';
import {
  certificateRef,
  findCertificate,
  issueCertificateAs,
  issuerName,
  listCertificates,
  myCertificates,
  revokeCertificate,
  toAdminCertificate,
  toPublicCertificate,
  verificationUrl,
} from '../service.ts';
import { certificatePage, unknownCertificatePage } from './page.ts';

const codeOf = (params: unknown) => (params as { code: string }).code;

/** Certificates (decision record 052): issue, verify (API and page), download, list and revoke. */
export default async function certificateRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  /** The batch's instructor or an administrator issues an eligible student's certificate (idempotent). */
  app.post(CERTIFICATE_PATHS.issue(), { preHandler: authenticated }, async (request, reply) => {
    const user = assertInstructor(requireUser(request));
    const outcome = await issueCertificateAs(db, config, user, idParam(request.params));
    const { code, url } = certificateRef(config, outcome.row);
    return reply.code(outcome.created ? 201 : 200).send({ code, url });
  });

  app.get(CERTIFICATE_PATHS.verify(), async (request, reply) => {
    const row = await findCertificate(db, codeOf(request.params));
    if (!row) throw notFound();
    return reply.header('X-Robots-Tag', 'noindex').send(toPublicCertificate(row));
  });

  app.get('/certificates/:code', async (request, reply) => {
    const row = await findCertificate(db, codeOf(request.params));
    const html = row
      ? certificatePage(issuerName(config), toPublicCertificate(row))
      : unknownCertificatePage(issuerName(config));
    return reply
      .code(row ? 200 : 404)
      .header('X-Robots-Tag', 'noindex')
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  /** The PDF, for its student and administrators. */
  app.get(CERTIFICATE_PATHS.pdf(), { preHandler: authenticated }, async (request, reply) => {
    const user = requireUser(request);
    const row = await findCertificate(db, codeOf(request.params));
    if (!row) throw notFound();
    if (user.role !== 'admin') {
      if (row.student_id !== user.id) throw new HttpError(403, CERTIFICATE_MESSAGES.notYours);
      if (row.status === 'revoked') throw new HttpError(403, CERTIFICATE_MESSAGES.revokedDownload);
    }
    const pdf = await renderCertificate(row, {
      issuer: issuerName(config),
      verifyUrl: verificationUrl(config, row.code),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${certificateFileName(row.number)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  /** The caller's valid certificates (the dashboard's Download certificate links). */
  app.get(CERTIFICATE_PATHS.mine, { preHandler: authenticated }, async (request) =>
    myCertificates(db, config, requireUser(request)),
  );

  app.get(CERTIFICATE_PATHS.adminList, { preHandler: adminOnly }, async () =>
    (await listCertificates(db)).map(toAdminCertificate),
  );

  app.post(CERTIFICATE_PATHS.revoke(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const { reason } = parse(RevokeInput, request.body ?? {});
    return toAdminCertificate(await revokeCertificate(db, codeOf(request.params), admin, reason));
  });
}
