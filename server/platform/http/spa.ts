import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIXES, SERVER_MESSAGES } from '../../../contract/index.ts';
import {
  PRIVATE_PAGES,
  PROGRAM_PAGE,
  PUBLIC_PAGES,
  isPrivatePage,
  isPublicPage,
  pagePath,
} from '../lib/public-pages.ts';
import { renderHtml } from '../ssr/render.ts';
import { shared } from './shared.ts';

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

/**
 * The built stylesheet inlined into the page (a few kB gzip): the first paint waits for no second request.
 * Only files under /assets/ of the build are read; a missing file keeps its link.
 */
export function inlineStylesheets(template: string, root: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g, (link, file: string) => {
    const full = path.join(root, file);
    return fs.existsSync(full)
      ? `<style>${fs.readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`
      : link;
  });
}

/**
 * The built SPA from STATIC_DIR. Hashed assets: cached for a year, precompressed at build (`.br`, `.gz`)
 * and sent by the request's Accept-Encoding. Pages (server/platform/ssr): public pages rendered on the server
 * with their data, head and status; revalidated by ETag (plugins/http-cache.ts); 404 (410 for an
 * archived program) with `noindex` for anything else. Unknown paths under an API prefix answer JSON 404.
 */
export default shared(async function spa(app) {
  const root = app.deps.config.staticDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: SERVER_MESSAGES.notFound }));
    return;
  }
  const template = inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), root);
  const { db, config, catalogue } = app.deps;

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = pagePath(request.url);
    const kind =
      isPublicPage(pathname) || PROGRAM_PAGE.test(pathname)
        ? 'public'
        : isPrivatePage(pathname)
          ? 'private'
          : 'unknown';
    const page = await renderHtml(template, { db, config, log: request.log, catalogue }, pathname, kind);
    if (page.noindex) reply.header('X-Robots-Tag', 'noindex');
    return reply.code(page.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  }

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    // Pages are answered below with their status, never as a directory's index.html.
    index: false,
    preCompressed: true,
    cacheControl: false,
    // Source maps give the SPA's source away: only when the operator asks (SERVE_SOURCE_MAPS=1).
    allowedPath: (pathname) => config.serveSourceMaps || !/\.map$/i.test(pathname),
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  for (const page of [...PUBLIC_PAGES, ...PRIVATE_PAGES, '/programs/:id', '/payment/:type/:id']) {
    app.get(page, sendPage);
  }
  // A form submitted before the page's JavaScript took over (method="post", so a password never lands in
  // a URL) is not processed: the visitor is sent back to the page, now interactive, to send it again.
  await app.register(async (forms) => {
    // The body is not read (multipart is parsed only in the upload routes' contexts, plugins/uploads.ts).
    forms.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, body, done) => {
      body.resume();
      done(null, null);
    });
    for (const form of ['/login', '/register', '/contact']) {
      forms.post(form, async (request, reply) => reply.code(303).header('location', request.url).send());
    }
  });

  app.setNotFoundHandler((request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url.split('?')[0] ?? '/')) {
      return sendPage(request, reply);
    }
    return reply.code(404).send({ detail: SERVER_MESSAGES.notFound });
  });
});
