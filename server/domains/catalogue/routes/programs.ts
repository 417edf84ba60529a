import type { FastifyInstance } from 'fastify';
import { API, PaymentStartInput, ProgramInput, ProgramListQuery } from '../../../../contract/index.ts';
import { facultyReference, registerAdminWrites } from './admin-writes.ts';
import { notFound } from '../../../platform/lib/errors.ts';
import { idParam, parse, parseQuery, refuseCardData } from '../../../platform/lib/validate.ts';
import { authenticated, isAdmin, requireUser } from '../../../platform/http/auth.ts';
import { createCourseRepository } from '../repositories/courses.ts';
import { createEnrollmentRepository } from '../../enrollments/repository.ts';
import { createPaymentRepository } from '../../payments/repositories/payments.ts';
import { createProgramRepository } from '../repositories/programs.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';
import { toProgram } from '../present.ts';
import { sendCachedAnswer } from '../../../platform/http/http-cache.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { answerOf } from '../cache.ts';
import type { z } from 'zod';
import { beforePaymentStart } from '../../privacy/index.ts';
import { activePlans } from '../../pricing/instalment-plans.ts';

function values(input: z.output<typeof ProgramInput>) {
  return {
    title: input.title,
    subtitle: input.subtitle,
    description: input.description,
    level: input.level,
    category: input.category,
    target_audience: input.target_audience,
    price: input.price,
    original_price: input.original_price,
    duration_weeks: input.duration_weeks,
    avg_salary: input.avg_salary,
    is_featured: input.is_featured ? 1 : 0,
    is_flagship: input.is_flagship ? 1 : 0,
    is_active: input.is_active ? 1 : 0,
  };
}

async function readProgram(db: Db, id: number) {
  const row = await createProgramRepository(db).findById(id);
  return row ? toProgram(row) : undefined;
}

/** The program catalogue (public), its admin writes and the payment start. */
export default async function programRoutes(app: FastifyInstance) {
  const { db, payments, catalogue } = app.deps;
  const programs = createProgramRepository(db);

  /** The list for these filters, as the API shows it. */
  async function list(query: z.output<typeof ProgramListQuery>, includeInactive: boolean) {
    return (await programs.list({ ...query, includeInactive })).map(toProgram);
  }
  const keyOf = (filters: object) => `programs:${JSON.stringify(filters)}`;

  /** The key of the unfiltered list (the home page, a shared link), the one asked for most. */
  const ALL = keyOf({});

  // Public answers come from the catalogue cache, compressed once (sendCachedAnswer), not per request. The
  // handler is not async: a cached answer costs one promise (the version read's).
  app.get(API.programs.list, { compress: false }, (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    // No query string: nothing to validate.
    if (Object.keys(raw).length === 0)
      return catalogue.answer(ALL, () => list({}, false)).then((answer) => sendCachedAnswer(request, reply, answer));
    const query = parseQuery(ProgramListQuery, raw);
    // Archived programs are for administrators only and never cached; the public answers are.
    if (query.include_inactive && isAdmin(request))
      return list(query, true).then((all) => sendCachedAnswer(request, reply, answerOf(all, false)));
    const { include_inactive: _ignored, ...filters } = query;
    return catalogue
      .answer(keyOf(filters), () => list(filters, false))
      .then((answer) => sendCachedAnswer(request, reply, answer));
  });

  app.get(API.programs.detail(), async (request) => {
    const program = await readProgram(db, idParam(request.params));
    // An archived program is the administrators' business only.
    if (!program || (!program.is_active && !isAdmin(request))) throw notFound();
    // The active instalment plans the checkout offers beside paying in full (decision record 054).
    return { ...program, plans: await activePlans(db, program.id) };
  });

  registerAdminWrites(app, {
    entity: 'program',
    schema: ProgramInput,
    paths: { create: API.programs.create, update: API.programs.update(), remove: API.programs.remove() },
    read: readProgram,
    async create(trx, input) {
      const instructor = await facultyReference(trx, 'instructor_id', input.instructor_id);
      return createProgramRepository(trx).create({ ...values(input), instructor_id: instructor.value ?? null });
    },
    async update(trx, id, input) {
      const instructor = await facultyReference(trx, 'instructor_id', input.instructor_id);
      await createProgramRepository(trx).update(id, {
        ...values(input),
        ...('value' in instructor ? { instructor_id: instructor.value } : {}),
      });
    },
    async remove(trx, id) {
      // Hold the row (as a payment start does) so a payment cannot start unseen.
      await createCourseRepository(trx).hold('program', id);
      const hasHistory =
        (await createPaymentRepository(trx).hasAnyForCourse('program', id)) ||
        (await createEnrollmentRepository(trx).hasAnyForCourse('program', id));
      if (hasHistory) {
        await createProgramRepository(trx).update(id, { is_active: 0 });
        return 'archived';
      }
      await createProgramRepository(trx).remove(id);
      return 'deleted';
    },
  });

  app.post(API.programs.payment(), { preHandler: authenticated }, async (request, reply) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    refuseCardData(request.body);
    const input = parse(PaymentStartInput, request.body ?? {});
    await beforePaymentStart(app.deps.db, app.deps.config.privacy.noticeVersion, student, input);
    const { payment, created } = await payments.start(student, 'program', id, input);
    return reply.code(created ? 201 : 200).send(forStudent(payment));
  });
}
