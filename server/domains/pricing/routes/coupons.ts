import type { FastifyInstance } from 'fastify';
import {
  COUPON_PATHS,
  CouponCheckInput,
  CouponInput,
  CouponPatch,
  ScholarshipInput,
} from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { recordGuess } from '../coupon-guesses.ts';
import { createCouponService } from '../coupons.ts';

/**
 * Coupons and scholarships (decision record 053): the administrators' coupons and scholarship grants, and
 * the checkout's Apply check, rate-limited like a login (decision record 030) so codes cannot be guessed.
 */
export default async function couponRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const coupons = createCouponService(db);

  app.get(COUPON_PATHS.adminList, { preHandler: adminOnly }, () => coupons.list());

  app.post(COUPON_PATHS.adminList, { preHandler: adminOnly }, async (request, reply) => {
    const input = parse(CouponInput, request.body);
    return reply.code(201).send(await coupons.create(requireAdmin(request), input));
  });

  app.get(COUPON_PATHS.adminOne(), { preHandler: adminOnly }, (request) => coupons.get(idParam(request.params)));

  app.patch(COUPON_PATHS.adminOne(), { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const patch = parse(CouponPatch, request.body ?? {});
    return coupons.update(requireAdmin(request), id, patch);
  });

  app.post(COUPON_PATHS.scholarships(), { preHandler: adminOnly }, async (request, reply) => {
    const id = idParam(request.params);
    const input = parse(ScholarshipInput, request.body);
    return reply.code(201).send(await coupons.grantScholarship(requireAdmin(request), id, input));
  });

  /**
   * A code that does not apply counts as a failed attempt of this account, as a wrong password does
   * (LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS in LOGIN_WINDOW_SECONDS); a code that applies does not count.
   */
  app.post(COUPON_PATHS.check, { preHandler: authenticated }, async (request) => {
    const user = requireUser(request);
    const input = parse(CouponCheckInput, request.body);
    if (!input.code) return coupons.check(user, input);
    const guess = await recordGuess(db, config, user.id);
    const answer = await coupons.check(user, input);
    if (answer.valid) await guess.release();
    return answer;
  });
}
