import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, PaymentVerifyInput, taxDocumentFileName } from '../../../../contract/index.ts';
import { parseDocument } from '../../billing/documents.ts';
import { renderTaxDocument } from '../../billing/pdf.ts';
import type { TaxDocumentRow, UserRow } from '../../../platform/db/schema.ts';
import { notFound } from '../../../platform/lib/errors.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { createTaxDocumentRepository } from '../../billing/repository.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';

/** The caller's own payments: completing one, verifying the checkout's proof of payment, and their tax invoices and credit notes. */
export default async function paymentRoutes(app: FastifyInstance) {
  const { payments, db } = app.deps;
  const documents = createTaxDocumentRepository(db);

  app.get(API.payments.list, { preHandler: authenticated }, async (request) =>
    (await payments.listForStudent(requireUser(request))).map(forStudent),
  );

  app.post(API.payments.complete(), { preHandler: authenticated }, async (request) =>
    forStudent(await payments.complete(requireUser(request), idParam(request.params))),
  );

  /** The PDF to its student and to administrators; anyone else learns nothing (404, as for a missing one). */
  async function sendDocument(user: UserRow, doc: TaxDocumentRow | undefined, reply: FastifyReply) {
    if (!doc || (doc.student_id !== user.id && user.role !== 'admin')) throw notFound();
    const pdf = await renderTaxDocument(parseDocument(doc));
    const name = taxDocumentFileName(doc.kind, doc.number);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  app.get(API.payments.invoice(), { preHandler: authenticated }, async (request, reply) =>
    sendDocument(requireUser(request), await documents.findInvoice(idParam(request.params)), reply),
  );

  app.get(API.refunds.creditNote(), { preHandler: authenticated }, async (request, reply) =>
    sendDocument(requireUser(request), await documents.findCreditNote(idParam(request.params)), reply),
  );

  // The checkout's signed proof of payment (Razorpay Checkout's handler fields, or the sandbox's).
  app.post(API.payments.verify(), { preHandler: authenticated }, async (request) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    return forStudent(await payments.verify(student, id, parse(PaymentVerifyInput, request.body ?? {})));
  });
}
