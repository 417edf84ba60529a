import type { FastifyInstance } from 'fastify';
import { API, type AppConfig } from '../../../contract/index.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { withDeadline } from '../lib/deadline.ts';
import { buildOpenApiDocument } from '../../openapi.ts';
import { pingDatabase } from '../db/health.ts';
import { appConfigOf } from './app-config.ts';

const READY_DEADLINE_MS = 1000;

/**
 * The OpenAPI document, built on its first request and kept for the process: it is a function of the contract
 * alone (the same for every app), and building it takes 30 to 80 ms of CPU that neither a server's start nor
 * each app of the test suites should pay.
 */
let openApiDocument: Record<string, unknown> | undefined;

/** Deployment facts for the SPA, liveness and readiness checks, and the OpenAPI document. */
export default async function systemRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;

  app.get(API.config, async (): Promise<AppConfig> => appConfigOf(config));

  // Liveness for process managers: answers while the process can, never touches the database.
  app.get(API.health, async () => ({ status: 'ok' }));

  // Readiness for load balancers: 503 (not 500, not a hang) when the database does not answer within
  // a second or a migration is missing, so the instance is taken out of rotation.
  app.get(API.ready, async (request, reply) => {
    try {
      await withDeadline(READY_DEADLINE_MS, async () => {
        await pingDatabase(db);
        const pending = await pendingMigrations(db);
        if (pending.length > 0) throw new Error(`migrations not applied: ${pending.join(', ')}`);
      });
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.code(503).send({ detail: 'Service unavailable.' });
    }
  });

  app.get(API.openapi, async () => (openApiDocument ??= buildOpenApiDocument()));
}
