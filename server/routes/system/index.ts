import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API, type AppConfig } from '../../../contract/index.ts';
import { DEMO_ADMIN } from '../../db/seed.ts';
import { buildOpenApiDocument } from '../../openapi.ts';

/** Deployment facts for the SPA, a health check for load balancers, and the OpenAPI document. */
export default async function systemRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  const document = buildOpenApiDocument();

  app.get(API.config, async (): Promise<AppConfig> => ({
    demo_mode: config.demoMode,
    demo_credentials: config.demoMode ? { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password } : null,
  }));

  app.get(API.health, async () => {
    await sql`SELECT 1`.execute(db);
    return { status: 'ok' };
  });

  app.get(API.openapi, async () => document);
}
