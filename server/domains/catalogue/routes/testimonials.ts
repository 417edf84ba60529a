import type { FastifyInstance } from 'fastify';
import { API, FeaturedListQuery, TestimonialInput } from '../../../../contract/index.ts';
import { registerAdminWrites } from './admin-writes.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { createTestimonialService } from '../content.ts';

export default async function testimonialRoutes(app: FastifyInstance) {
  const testimonials = createTestimonialService(app.deps.db);

  app.get(API.testimonials.list, async (request) => {
    const query = parseQuery(FeaturedListQuery, request.query);
    return testimonials.list(query.featured);
  });

  registerAdminWrites(app, {
    schema: TestimonialInput,
    paths: { create: API.testimonials.create, update: API.testimonials.update(), remove: API.testimonials.remove() },
    writes: testimonials.writes,
  });
}
