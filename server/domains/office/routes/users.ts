import type { FastifyInstance } from 'fastify';
import { AdminUserInput, AdminUserListQuery, AdminUserPatch, API } from '../../../../contract/index.ts';
import { paginate } from '../../../platform/lib/pagination.ts';
import { idParam, parse, parseQuery } from '../../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { userImpact } from '../user-impact.ts';
import { createUserService } from '../users.ts';

/** The Users tab: list with search and filters, create, change (role, active, names, email). Administrators only. */
export default async function userRoutes(app: FastifyInstance) {
  const { db, mail, config } = app.deps;
  const service = createUserService(db);

  app.get(API.admin.users, { preHandler: adminOnly }, async (request) => {
    const q = parseQuery(AdminUserListQuery, request.query);
    const filters = { search: q.search, role: q.role, is_active: q.is_active };
    const { count, rows } = await service.list(filters, q.page_size, (q.page - 1) * q.page_size);
    return paginate(request.url, q.page, q.page_size, count, rows);
  });

  app.post(API.admin.users, { preHandler: adminOnly }, async (request, reply) => {
    const input = parse(AdminUserInput, request.body);
    const user = await service.create(requireAdmin(request), input);
    return reply.code(201).send(user);
  });

  // What erasing or deactivating them touches, for the confirmation (decision 068).
  app.get(API.admin.userImpact(), { preHandler: adminOnly }, async (request) =>
    userImpact(db, { pricesIncludeGst: config.pricesIncludeGst, institute: config.institute }, idParam(request.params)),
  );

  app.patch(API.admin.user(), { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const patch = parse(AdminUserPatch, request.body ?? {});
    return service.update(requireAdmin(request), id, patch);
  });

  app.post(API.admin.userPasswordReset(), { preHandler: adminOnly }, async (request, reply) => {
    const detail = await service.sendPasswordReset(requireAdmin(request), idParam(request.params), mail);
    return reply.code(202).send({ detail });
  });
}
