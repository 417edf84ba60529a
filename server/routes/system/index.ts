import type { FastifyInstance } from 'fastify';
import { API, type AppConfig } from '../../../contract/index.ts';
import { DEMO_ADMIN } from '../../db/seed.ts';
import { buildOpenApiDocument } from '../../openapi.ts';
import { pingDatabase } from '../../repositories/health.ts';

/** Deployment facts for the SPA, a health check for load balancers, and the OpenAPI document. */
export default async function systemRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  const document = buildOpenApiDocument();

  app.get(API.config, async (): Promise<AppConfig> => ({
    demo_mode: config.demoMode,
    demo_credentials: config.demoMode ? { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } : null,
  }));

  // 503 (not 500) when the database does not answer, so a load balancer takes the instance out.
  app.get(API.health, async (request, reply) => {
    try {
      await pingDatabase(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ detail: 'Service unavailable.' });
    }
  });

  app.get(API.openapi, async () => document);
}
