import type { z } from 'zod';
import type { ProgramInput, ProgramListQuery } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { enrollmentsExistForCourse } from '../enrollments/index.ts';
import { paymentsExistForCourse } from '../payments/index.ts';
import { activePlans } from '../pricing/index.ts';
import { createAdminWrites, facultyReference } from './admin-writes.ts';
import { answerOf, type CachedAnswer, type CatalogueCache } from './cache.ts';
import { toProgram } from './present.ts';
import { createCourseRepository } from './repositories/courses.ts';
import { createProgramRepository } from './repositories/programs.ts';

/** The program catalogue: the public list (cached) and detail, and the administrator's writes. */

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

const keyOf = (filters: object) => `programs:${JSON.stringify(filters)}`;
/** The key of the unfiltered list (the home page, a shared link), the one asked for most. */
const ALL = keyOf({});

export function createProgramService(db: Db, cache: CatalogueCache) {
  const programs = createProgramRepository(db);

  /** The list for these filters, as the API shows it. */
  async function list(query: z.output<typeof ProgramListQuery>, includeInactive: boolean) {
    return (await programs.list({ ...query, includeInactive })).map(toProgram);
  }

  return {
    /**
     * The list's JSON for these filters (none: the unfiltered list). Public answers come from the catalogue
     * cache, serialised once; archived programs are for administrators only and never cached. Not async: a
     * cached answer costs one promise (the version read's).
     */
    listAnswer(query: z.output<typeof ProgramListQuery> | undefined, admin: boolean): Promise<CachedAnswer> {
      if (!query) return cache.answer(ALL, () => list({}, false));
      if (query.include_inactive && admin) return list(query, true).then((all) => answerOf(all, false));
      const { include_inactive: _ignored, ...filters } = query;
      return cache.answer(keyOf(filters), () => list(filters, false));
    },

    /** One program with the active instalment plans the checkout offers beside paying in full (decision 054). */
    async detail(id: number, admin: boolean) {
      const program = await readProgram(db, id);
      // An archived program is the administrators' business only.
      if (!program || (!program.is_active && !admin)) throw notFound();
      return { ...program, plans: await activePlans(db, program.id) };
    },

    writes: createAdminWrites(db, {
      entity: 'program',
      read: readProgram,
      async create(trx, input: z.output<typeof ProgramInput>) {
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
          (await paymentsExistForCourse(trx, 'program', id)) || (await enrollmentsExistForCourse(trx, 'program', id));
        if (hasHistory) {
          await createProgramRepository(trx).update(id, { is_active: 0 });
          return 'archived';
        }
        await createProgramRepository(trx).remove(id);
        return 'deleted';
      },
    }),
  };
}
