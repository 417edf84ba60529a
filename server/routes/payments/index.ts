import type { FastifyInstance } from 'fastify';
import { API } from '../../../contract/index.ts';
import { idParam } from '../admin-writes.ts';
import { authenticated, requireUser } from '../../plugins/auth.ts';

/** The caller's own payments, and completing one of them. */
export default async function paymentRoutes(app: FastifyInstance) {
  const { payments } = app.deps;

  app.get(API.payments.list, { preHandler: authenticated }, async (request) =>
    payments.listForStudent(requireUser(request)),
  );

  app.post(API.payments.complete(), { preHandler: authenticated }, async (request) =>
    payments.complete(requireUser(request), idParam(request.params)),
  );
}
