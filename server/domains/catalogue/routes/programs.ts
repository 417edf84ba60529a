import type { FastifyInstance } from 'fastify';
import { API, PaymentStartInput, ProgramInput, ProgramListQuery } from '../../../../contract/index.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { idParam, parse, parseQuery, refuseCardData } from '../../../platform/lib/validate.ts';
import { authenticated, isAdmin, requireUser } from '../../../platform/http/auth.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';
import { sendCachedAnswer } from '../../../platform/http/http-cache.ts';
import { createCoursePaymentStart } from '../payment-start.ts';
import { createProgramService } from '../programs.ts';

/** The program catalogue (public), its admin writes and the payment start. */
export default async function programRoutes(app: FastifyInstance) {
  const { db, payments, catalogue, config } = app.deps;
  const programs = createProgramService(db, catalogue);
  const startPayment = createCoursePaymentStart(db, payments, config.privacy.noticeVersion);

  // Public answers come from the catalogue cache, compressed once (sendCachedAnswer), not per request. The
  // handler is not async: a cached answer costs one promise (the version read's).
  app.get(API.programs.list, { compress: false }, (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    // No query string: nothing to validate.
    const query = Object.keys(raw).length === 0 ? undefined : parseQuery(ProgramListQuery, raw);
    const admin = Boolean(query?.include_inactive) && isAdmin(request);
    return programs.listAnswer(query, admin).then((answer) => sendCachedAnswer(request, reply, answer));
  });

  app.get(API.programs.detail(), async (request) => programs.detail(idParam(request.params), isAdmin(request)));

  registerAdminWrites(app, {
    schema: ProgramInput,
    paths: { create: API.programs.create, update: API.programs.update(), remove: API.programs.remove() },
    writes: programs.writes,
  });

  app.post(API.programs.payment(), { preHandler: authenticated }, async (request, reply) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    refuseCardData(request.body);
    const input = parse(PaymentStartInput, request.body ?? {});
    const { payment, created } = await startPayment(student, 'program', id, input);
    return reply.code(created ? 201 : 200).send(forStudent(payment));
  });
}
