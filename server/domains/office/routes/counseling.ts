import type { FastifyInstance } from 'fastify';
import { API, CounselingInput } from '../../../../contract/index.ts';
import { parse } from '../../../platform/lib/validate.ts';
import { bookCounseling } from '../counseling-booking.ts';

/** Free counseling bookings from /contact: public, limited per client address (shared by all instances). */
export default async function counselingRoutes(app: FastifyInstance) {
  const { db, config, mail } = app.deps;
  const booking = { mail, config };

  app.post(API.counseling.create, async (request, reply) => {
    const input = parse(CounselingInput, request.body);
    return reply.code(201).send(await bookCounseling(db, booking, input, request.ip));
  });
}
