import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API, PaymentStartInput, WorkshopInput, WorkshopListQuery } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { facultyReference, registerAdminWrites } from './admin-writes.ts';
import { notFound, ValidationFailed } from '../../../platform/lib/errors.ts';
import { idParam, parse, parseQuery, refuseCardData } from '../../../platform/lib/validate.ts';
import { authenticated, isAdmin, requireUser } from '../../../platform/http/auth.ts';
import { createCourseRepository } from '../repositories/courses.ts';
import { createEnrollmentRepository } from '../../enrollments/repository.ts';
import { createPaymentRepository } from '../../payments/repositories/payments.ts';
import { createWorkshopRepository } from '../repositories/workshops.ts';
import { forStudent } from '../../../platform/lib/for-student.ts';
import { toWorkshop } from '../present.ts';
import { beforePaymentStart } from '../../privacy/index.ts';

function values(input: z.output<typeof WorkshopInput>) {
  return {
    title: input.title,
    description: input.description,
    date: new Date(input.date).toISOString(),
    duration_hours: input.duration_hours,
    price: input.price,
    is_live: input.is_live ? 1 : 0,
    max_participants: input.max_participants,
    is_active: input.is_active ? 1 : 0,
  };
}

async function readWorkshop(db: Db, id: number) {
  const row = await createWorkshopRepository(db).findById(id);
  return row ? toWorkshop(row) : undefined;
}

/** Workshops: public list and detail, admin writes, payment start (free ones enroll at once). */
export default async function workshopRoutes(app: FastifyInstance) {
  const { db, payments } = app.deps;
  const workshops = createWorkshopRepository(db);

  app.get(API.workshops.list, async (request) => {
    const query = parseQuery(WorkshopListQuery, request.query);
    const rows = await workshops.list({
      ...query,
      includeInactive: Boolean(query.include_inactive) && isAdmin(request),
    });
    return rows.map(toWorkshop);
  });

  app.get(API.workshops.detail(), async (request) => {
    const workshop = await readWorkshop(db, idParam(request.params));
    if (!workshop || (!workshop.is_active && !isAdmin(request))) throw notFound();
    return workshop;
  });

  registerAdminWrites(app, {
    entity: 'workshop',
    schema: WorkshopInput,
    paths: { create: API.workshops.create, update: API.workshops.update(), remove: API.workshops.remove() },
    read: readWorkshop,
    async create(trx, input) {
      const instructor = await facultyReference(trx, 'instructor_id', input.instructor_id);
      return createWorkshopRepository(trx).create({ ...values(input), instructor_id: instructor.value ?? null });
    },
    async update(trx, id, input, before) {
      if (input.max_participants < before.current_participants) {
        throw new ValidationFailed({
          max_participants: [
            `Maximum participants cannot be less than the ${before.current_participants} already enrolled.`,
          ],
        });
      }
      const instructor = await facultyReference(trx, 'instructor_id', input.instructor_id);
      // The seat check is repeated in the UPDATE itself: a completion may take a seat meanwhile.
      const updated = await createWorkshopRepository(trx).updateIfSeatsFit(id, {
        ...values(input),
        ...('value' in instructor ? { instructor_id: instructor.value } : {}),
      });
      if (!updated) {
        throw new ValidationFailed({
          max_participants: ['Maximum participants cannot be less than the seats already taken.'],
        });
      }
    },
    async remove(trx, id) {
      // Hold the row (as a payment start does) so a payment cannot start unseen.
      await createCourseRepository(trx).hold('workshop', id);
      const hasHistory =
        (await createPaymentRepository(trx).hasAnyForCourse('workshop', id)) ||
        (await createEnrollmentRepository(trx).hasAnyForCourse('workshop', id));
      if (hasHistory) {
        await createWorkshopRepository(trx).update(id, { is_active: 0 });
        return 'archived';
      }
      await createWorkshopRepository(trx).remove(id);
      return 'deleted';
    },
  });

  app.post(API.workshops.payment(), { preHandler: authenticated }, async (request, reply) => {
    const student = requireUser(request);
    const id = idParam(request.params);
    refuseCardData(request.body);
    const input = parse(PaymentStartInput, request.body ?? {});
    await beforePaymentStart(app.deps.db, app.deps.config.privacy.noticeVersion, student, input);
    const { payment, created } = await payments.start(student, 'workshop', id, input);
    return reply.code(created ? 201 : 200).send(forStudent(payment));
  });
}
