import type { FastifyInstance } from 'fastify';
import { API, ReconciliationActionInput, RefundInput } from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';

/** Refunds and reconciliation: administrators only. */
export default async function reconciliationRoutes(app: FastifyInstance) {
  const { refunds, reconciliation } = app.deps;
  app.addHook('preHandler', adminOnly);

  app.post(API.admin.refundPayment(), async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const key = request.headers['idempotency-key'];
    return refunds.refund(admin, id, parse(RefundInput, request.body), Array.isArray(key) ? key[0] : key);
  });

  app.get(API.admin.reconciliation, async () => reconciliation.overview());

  app.post(API.admin.reconciliationResolve(), async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    return reconciliation.act(admin, id, parse(ReconciliationActionInput, request.body));
  });

  app.post(API.admin.reconciliationSync, async (request) => reconciliation.sync(requireAdmin(request)));
}
