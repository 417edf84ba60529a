import type { FastifyInstance } from 'fastify';
import { API } from '../../../contract/index.ts';
import { idParam } from '../admin-writes.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';

/** The caller's own payments, completing one of them, and verifying the checkout's proof of payment. */
export default async function paymentRoutes(app: FastifyInstance) {
  const { payments } = app.deps;

  app.get(API.payments.list, { preHandler: authenticated }, async (request) =>
    payments.listForStudent(requireUser(request)),
  );

  app.post(API.payments.complete(), { preHandler: authenticated }, async (request) =>
    payments.complete(requireUser(request), idParam(request.params)),
  );

  // The checkout's signed proof of payment (Razorpay Checkout's handler fields, or the sandbox's).
  app.post(API.payments.verify(), { preHandler: authenticated }, async (request) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    return payments.verify(student, id, request.body);
  });
}
