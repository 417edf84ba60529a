import type { FastifyInstance } from 'fastify';
import { API, PaymentStartInput, WorkshopInput, WorkshopListQuery } from '../../../../contract/index.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { idParam, parse, parseQuery, refuseCardData } from '../../../platform/lib/validate.ts';
import { authenticated, isAdmin, requireUser } from '../../../platform/http/auth.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';
import { createCoursePaymentStart } from '../payment-start.ts';
import { createWorkshopService } from '../workshops.ts';

/** Workshops: public list and detail, admin writes, payment start (free ones enroll at once). */
export default async function workshopRoutes(app: FastifyInstance) {
  const { db, payments, config } = app.deps;
  const workshops = createWorkshopService(db);
  const startPayment = createCoursePaymentStart(db, payments, config.privacy.noticeVersion);

  app.get(API.workshops.list, async (request) => {
    const query = parseQuery(WorkshopListQuery, request.query);
    return workshops.list(query, isAdmin(request));
  });

  app.get(API.workshops.detail(), async (request) => workshops.detail(idParam(request.params), isAdmin(request)));

  registerAdminWrites(app, {
    schema: WorkshopInput,
    paths: { create: API.workshops.create, update: API.workshops.update(), remove: API.workshops.remove() },
    writes: workshops.writes,
  });

  app.post(API.workshops.payment(), { preHandler: authenticated }, async (request, reply) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    refuseCardData(request.body);
    const input = parse(PaymentStartInput, request.body ?? {});
    const { payment, created } = await startPayment(student, 'workshop', id, input);
    return reply.code(created ? 201 : 200).send(forStudent(payment));
  });
}
