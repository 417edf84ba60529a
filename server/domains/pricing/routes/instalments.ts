import type { FastifyInstance } from 'fastify';
import {
  INSTALMENT_PATHS,
  InstalmentMoveInput,
  InstalmentPlanInput,
  InstalmentPlanPatch,
  InstalmentRefundInput,
  InstalmentStatusFilter,
} from '../../../../contract/index.ts';
import { idParam, parse, parseQuery } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireUser } from '../../../platform/http/auth.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';

/** Instalment plans (admin), an enrollment's schedule and an instalment's payment (decision record 054). */
export default async function instalmentRoutes(app: FastifyInstance) {
  const { instalments } = app.deps;

  app.get(INSTALMENT_PATHS.adminProgramPlans(), { preHandler: adminOnly }, async (request) =>
    instalments.listPlans(idParam(request.params)),
  );
  app.post(INSTALMENT_PATHS.adminProgramPlans(), { preHandler: adminOnly }, async (request, reply) => {
    const plan = await instalments.createPlan(
      requireUser(request),
      idParam(request.params),
      parse(InstalmentPlanInput, request.body ?? {}),
    );
    return reply.code(201).send(plan);
  });
  app.get(INSTALMENT_PATHS.adminPlan(), { preHandler: adminOnly }, async (request) =>
    instalments.getPlan(idParam(request.params)),
  );
  app.patch(INSTALMENT_PATHS.adminPlan(), { preHandler: adminOnly }, async (request) =>
    instalments.updatePlan(
      requireUser(request),
      idParam(request.params),
      parse(InstalmentPlanPatch, request.body ?? {}),
    ),
  );
  app.delete(INSTALMENT_PATHS.adminPlan(), { preHandler: adminOnly }, async (request, reply) => {
    await instalments.removePlan(requireUser(request), idParam(request.params));
    return reply.code(204).send();
  });

  app.get(INSTALMENT_PATHS.adminInstalments, { preHandler: adminOnly }, async (request) =>
    instalments.adminList(parseQuery(InstalmentStatusFilter, request.query).status),
  );
  app.patch(INSTALMENT_PATHS.adminInstalment(), { preHandler: adminOnly }, async (request) =>
    instalments.move(requireUser(request), idParam(request.params), parse(InstalmentMoveInput, request.body ?? {})),
  );

  app.post(INSTALMENT_PATHS.adminEnrollmentRefund(), { preHandler: adminOnly }, async (request) => {
    const key = request.headers['idempotency-key'];
    return instalments.refundAll(
      requireUser(request),
      idParam(request.params),
      parse(InstalmentRefundInput, request.body ?? {}),
      Array.isArray(key) ? key[0] : key,
      app.deps.refunds,
    );
  });

  app.get(INSTALMENT_PATHS.enrollmentInstalments(), { preHandler: authenticated }, async (request) =>
    instalments.schedule(requireUser(request), idParam(request.params)),
  );
  app.post(INSTALMENT_PATHS.instalmentPayment(), { preHandler: authenticated }, async (request, reply) => {
    const { payment, created } = await app.deps.payments.startInstalment(requireUser(request), idParam(request.params));
    return reply.code(created ? 201 : 200).send(forStudent(payment));
  });
}
