import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { named } from './shared.ts';

/**
 * Registers `routes` in a context of their own that reads multipart bodies (@fastify/multipart: one file
 * per request, the size limit set where the file is read). The plugin adds an asynchronous onRequest and
 * onResponse hook (a promise each, and a 'close' listener) to every route of the context it is registered
 * in, so only the upload routes have it: every other route answers a multipart body 415 and passes
 * through none of its hooks (decision record 069; tests/api/route-hooks.test.ts lists each hot route's).
 */
export function withUploads(routes: (uploads: FastifyInstance) => void) {
  return named(async function uploads(app: FastifyInstance) {
    await app.register(multipart, {
      limits: { files: 1, fields: 10, parts: 11, fileSize: app.deps.config.uploadMaxBytes },
    });
    routes(app);
  });
}
