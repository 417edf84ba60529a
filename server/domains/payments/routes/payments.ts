import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, PaymentVerifyInput } from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { authenticated, requireUser } from '../../../platform/http/auth.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';
import { taxDocumentPdf } from '../../billing/service.ts';

/** The caller's own payments: completing one, verifying the checkout's proof of payment, and their tax invoices and credit notes. */
export default async function paymentRoutes(app: FastifyInstance) {
  const { payments, db } = app.deps;

  app.get(API.payments.list, { preHandler: authenticated }, async (request) =>
    (await payments.listForStudent(requireUser(request))).map(forStudent),
  );

  app.post(API.payments.complete(), { preHandler: authenticated }, async (request) =>
    forStudent(await payments.complete(requireUser(request), idParam(request.params))),
  );

  /** The PDF to its student and to administrators; anyone else learns nothing (404, as for a missing one). */
  const sendDocument = (reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  app.get(API.payments.invoice(), { preHandler: authenticated }, async (request, reply) =>
    sendDocument(reply, await taxDocumentPdf(db, requireUser(request), { payment: idParam(request.params) })),
  );

  app.get(API.refunds.creditNote(), { preHandler: authenticated }, async (request, reply) =>
    sendDocument(reply, await taxDocumentPdf(db, requireUser(request), { refund: idParam(request.params) })),
  );

  // The checkout's signed proof of payment (Razorpay Checkout's handler fields, or the sandbox's).
  app.post(API.payments.verify(), { preHandler: authenticated }, async (request) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    return forStudent(await payments.verify(student, id, parse(PaymentVerifyInput, request.body ?? {})));
  });
}
