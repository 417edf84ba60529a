import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIXES, SERVER_MESSAGES } from '../../contract/index.ts';
import { shared } from './shared.ts';

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

/**
 * The built SPA from STATIC_DIR: hashed assets cached for a year, index.html never cached and answered
 * for every other GET (client-side routes). Unknown paths under an API prefix answer JSON 404.
 */
export default shared(async function spa(app) {
  const root = app.deps.config.staticDir;
  const hasSpa = fs.existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: SERVER_MESSAGES.notFound });
  });
});
