import type { z } from 'zod';
import {
  DELETE_IMPACT_TEXTS as T,
  type DeleteImpact,
  type FacultyInput,
  type SuccessStoryInput,
  type TestimonialInput,
} from '../../../contract/index.ts';
import { notFound } from '../../platform/lib/errors.ts';
import type { Db } from '../../platform/db/connect.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { createStoryService, removeStoryPhoto, storyOfferFields, storyPhotoFile } from '../placement/index.ts';
import { createAdminWrites } from './admin-writes.ts';
import { toFaculty, toTestimonial } from './present.ts';
import {
  createFacultyRepository,
  createSuccessStoryRepository,
  createTestimonialRepository,
} from './repositories/content.ts';

/** The catalogue's smaller content: faculty, testimonials and success stories (lists and administrator writes). */

const featuredFlag = (featured: boolean | undefined) => (featured ? 1 : 0);

export function createFacultyService(db: Db) {
  const faculty = createFacultyRepository(db);
  const values = (input: z.output<typeof FacultyInput>) => ({ ...input, is_featured: featuredFlag(input.is_featured) });
  return {
    list: async (featured?: boolean) => (await faculty.list(featured)).map(toFaculty),
    /** What deleting a faculty member touches (decision record 085): the courses left without an instructor. */
    async deleteImpact(id: number): Promise<DeleteImpact> {
      const row = await faculty.findById(id);
      if (!row) throw notFound();
      const { courses, resources } = await faculty.taught(id);
      return {
        item: T.faculty(`${row.first_name} ${row.last_name}`.trim()),
        touches: [
          ...(courses.length > 0 ? [T.coursesLoseInstructor(courses)] : []),
          ...(resources > 0 ? [T.resourcesLoseAuthor(resources)] : []),
        ],
      };
    },
    writes: createAdminWrites(db, {
      entity: 'faculty',
      read: async (trx, id) => {
        const row = await createFacultyRepository(trx).findById(id);
        return row ? toFaculty(row) : undefined;
      },
      create: async (trx, input: z.output<typeof FacultyInput>) =>
        (await createFacultyRepository(trx).create(values(input))).id,
      update: async (trx, id, input) => void (await createFacultyRepository(trx).update(id, values(input))),
      remove: async (trx, id) => (await createFacultyRepository(trx).remove(id), 'deleted'),
    }),
  };
}

export function createTestimonialService(db: Db) {
  const testimonials = createTestimonialRepository(db);
  return {
    list: async (featured?: boolean) => (await testimonials.list(featured)).map(toTestimonial),
    writes: createAdminWrites(db, {
      entity: 'testimonial',
      read: async (trx, id) => {
        const row = await createTestimonialRepository(trx).findById(id);
        return row ? toTestimonial(row) : undefined;
      },
      create: async (trx, input: z.output<typeof TestimonialInput>) =>
        (await createTestimonialRepository(trx).create({ ...input, is_featured: featuredFlag(input.is_featured) })).id,
      update: async (trx, id, input) =>
        void (await createTestimonialRepository(trx).update(id, {
          ...input,
          is_featured: featuredFlag(input.is_featured),
        })),
      remove: async (trx, id) => (await createTestimonialRepository(trx).remove(id), 'deleted'),
    }),
  };
}

/**
 * Success stories (decision record 079): the public list and the office's are placement's story service; the
 * office writes a story by choosing a verified offer, whose company, designation and CTC the story takes.
 */
export function createSuccessStoryWrites(db: Db, uploadDir: string) {
  return createAdminWrites(db, {
    entity: 'success_story',
    read: (trx, id) => createStoryService(trx).adminOne(id),
    create: async (trx, input: z.output<typeof SuccessStoryInput>) => {
      const fromOffer = await storyOfferFields(trx, input.offer_id);
      const row = { ...input, ...fromOffer, is_featured: featuredFlag(input.is_featured), changed_at: nowIso() };
      return (await createSuccessStoryRepository(trx).create(row)).id;
    },
    update: async (trx, id, input, before) => {
      const fromOffer = await storyOfferFields(trx, input.offer_id);
      // What the student consented to changed: their earlier consent no longer counts (decision 079).
      const changed =
        before.offer_id !== input.offer_id ||
        before.student_name !== input.student_name ||
        before.photo !== input.photo ||
        before.story !== input.story;
      const row = { ...input, ...fromOffer, is_featured: featuredFlag(input.is_featured) };
      await createSuccessStoryRepository(trx).update(id, changed ? { ...row, changed_at: nowIso() } : row);
    },
    // A deleted story's uploaded photo goes with it (a failed delete leaves the row without its photo: 404).
    remove: async (trx, id) => {
      const photo = await storyPhotoFile(trx, id);
      await createSuccessStoryRepository(trx).remove(id);
      await removeStoryPhoto(uploadDir, photo);
      return 'deleted';
    },
  });
}
