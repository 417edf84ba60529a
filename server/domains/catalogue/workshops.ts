import type { z } from 'zod';
import type { WorkshopInput, WorkshopListQuery } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { enrollmentsExistForCourse } from '../enrollments/index.ts';
import { paymentsExistForCourse } from '../payments/index.ts';
import { createAdminWrites, facultyReference } from './admin-writes.ts';
import { toWorkshop } from './present.ts';
import { createCourseRepository } from './repositories/courses.ts';
import { createWorkshopRepository } from './repositories/workshops.ts';

/** Workshops: the public list and detail, and the administrator's writes. */

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

export function createWorkshopService(db: Db) {
  return {
    /** The list for these filters; archived workshops only for an administrator who asks. */
    async list(query: z.output<typeof WorkshopListQuery>, admin: boolean) {
      const rows = await createWorkshopRepository(db).list({
        ...query,
        includeInactive: Boolean(query.include_inactive) && admin,
      });
      return rows.map(toWorkshop);
    },

    /** One workshop; an archived one is the administrators' business only. */
    async detail(id: number, admin: boolean) {
      const workshop = await readWorkshop(db, id);
      if (!workshop || (!workshop.is_active && !admin)) throw notFound();
      return workshop;
    },

    writes: createAdminWrites(db, {
      entity: 'workshop',
      read: readWorkshop,
      async create(trx, input: z.output<typeof WorkshopInput>) {
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
          (await paymentsExistForCourse(trx, 'workshop', id)) || (await enrollmentsExistForCourse(trx, 'workshop', id));
        if (hasHistory) {
          await createWorkshopRepository(trx).update(id, { is_active: 0 });
          return 'archived';
        }
        await createWorkshopRepository(trx).remove(id);
        return 'deleted';
      },
    }),
  };
}
