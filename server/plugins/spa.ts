import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { API_PREFIXES, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  PRIVATE_PAGES,
  PROGRAM_PAGE,
  PUBLIC_PAGES,
  isPrivatePage,
  isPublicPage,
  pagePath,
} from '../lib/public-pages.ts';
import { createProgramRepository } from '../repositories/programs.ts';
import { shared } from './shared.ts';

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);

const NOINDEX = '<meta name="robots" content="noindex" />';

/** The page's HTML from the built index.html; pages that must not be indexed say so in a meta tag. */
export function pageHtml(template: string, { noindex }: { noindex: boolean }): string {
  if (!noindex) return template;
  if (template.includes('</head>')) return template.replace('</head>', `    ${NOINDEX}\n  </head>`);
  return template.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${NOINDEX}`);
}

/**
 * The built SPA from STATIC_DIR. Hashed assets: cached for a year, precompressed at build (`.br`, `.gz`)
 * and sent by the request's Accept-Encoding. Pages: the SPA's index.html, revalidated by ETag
 * (plugins/http-cache.ts), with the status a crawler must see: 200 for the app's pages, 404 (or 410 for
 * an archived program) with `noindex` for anything else. Unknown paths under an API prefix answer JSON 404.
 */
export default shared(async function spa(app) {
  const root = app.deps.config.staticDir;
  const indexFile = path.join(root, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const programs = createProgramRepository(app.deps.db);

  if (hasSpa) {
    const template = fs.readFileSync(indexFile, 'utf8');
    const sendPage = (reply: FastifyReply, status: number, noindex: boolean) => {
      if (noindex) reply.header('X-Robots-Tag', 'noindex');
      return reply
        .code(status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageHtml(template, { noindex }));
    };

    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // Pages are answered below with their status, never as a directory's index.html.
      index: false,
      serve: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });

    for (const page of [...PUBLIC_PAGES, ...PRIVATE_PAGES]) {
      app.get(page, async (request, reply) => sendPage(reply, 200, !isPublicPage(pagePath(request.url))));
    }
    app.get('/programs/:id', async (request, reply) => {
      const match = PROGRAM_PAGE.exec(pagePath(request.url));
      const program = match ? await programs.findById(Number(match[1])) : undefined;
      if (!program) return sendPage(reply, 404, true);
      // An archived program is gone for good: 410 tells a search engine to drop it.
      if (!program.is_active) return sendPage(reply, 410, true);
      return sendPage(reply, 200, false);
    });
    app.get('/payment/:type/:id', async (request, reply) => {
      return sendPage(reply, isPrivatePage(pagePath(request.url)) ? 200 : 404, true);
    });

    app.setNotFoundHandler((request, reply) => {
      const url = pagePath(request.url);
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url.split('?')[0] ?? '/')) {
        // A trailing-slash spelling of a page is the page (React Router matches it too).
        if (isPublicPage(url) || isPrivatePage(url)) return sendPage(reply, 200, !isPublicPage(url));
        return sendPage(reply, 404, true);
      }
      return reply.code(404).send({ detail: SERVER_MESSAGES.notFound });
    });
    return;
  }
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: SERVER_MESSAGES.notFound }));
});
