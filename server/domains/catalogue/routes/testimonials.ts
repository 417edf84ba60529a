import type { FastifyInstance } from 'fastify';
import { API, FeaturedListQuery, TestimonialInput } from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createTestimonialRepository } from '../repositories/content.ts';
import { toTestimonial } from '../present.ts';

async function readTestimonial(db: Db, id: number) {
  const row = await createTestimonialRepository(db).findById(id);
  return row ? toTestimonial(row) : undefined;
}

export default async function testimonialRoutes(app: FastifyInstance) {
  const testimonials = createTestimonialRepository(app.deps.db);

  app.get(API.testimonials.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return (await testimonials.list(query.featured)).map(toTestimonial);
  });

  registerAdminWrites(app, {
    entity: 'testimonial',
    schema: TestimonialInput,
    paths: { create: API.testimonials.create, update: API.testimonials.update(), remove: API.testimonials.remove() },
    read: readTestimonial,
    create: async (trx, input) =>
      (await createTestimonialRepository(trx).create({ ...input, is_featured: input.is_featured ? 1 : 0 })).id,
    update: async (trx, id, input) =>
      void (await createTestimonialRepository(trx).update(id, { ...input, is_featured: input.is_featured ? 1 : 0 })),
    remove: async (trx, id) => (await createTestimonialRepository(trx).remove(id), 'deleted'),
  });
}
