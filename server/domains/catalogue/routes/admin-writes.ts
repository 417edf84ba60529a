import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { adminOnly, requireAdmin } from '../../../platform/http/auth.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import type { AdminWrites } from '../admin-writes.ts';

/**
 * The admin create / update / delete routes every content type shares: admin only, body validated
 * with the contract schema, then one call of the content type's writes (admin-writes.ts: the write and its
 * audit row in one transaction); 201 / 200 / 204 answers.
 */
export type AdminWritesRoutes<S extends z.ZodType, T extends object> = {
  schema: S;
  paths: { create: string; update: string; remove: string };
  writes: AdminWrites<z.output<S>, T>;
};

export function registerAdminWrites<S extends z.ZodType, T extends object>(
  app: FastifyInstance,
  spec: AdminWritesRoutes<S, T>,
) {
  app.post(spec.paths.create, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const input = parse(spec.schema, request.body);
    return reply.code(201).send(await spec.writes.create(admin.id, input));
  });

  app.put(spec.paths.update, { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(spec.schema, request.body);
    return spec.writes.update(admin.id, id, input);
  });

  app.delete(spec.paths.remove, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    await spec.writes.remove(admin.id, id);
    return reply.code(204).send();
  });
}
