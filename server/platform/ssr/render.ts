import type { FastifyBaseLogger } from 'fastify';
import { PRELOADED_ELEMENT_ID, serializePreloaded } from '../../../src/lib/preloaded.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../db/connect.ts';
import type { CatalogueCache } from '../../domains/catalogue/cache.ts';
import { isPublicPage, PROGRAM_PAGE } from '../lib/public-pages.ts';
import { headHtml, NOT_FOUND_TEXT, PAGE_TEXT, programText } from './meta.ts';
import { loadPageData } from './page-data.ts';

type EntryServer = typeof import('../../../src/entry-server.tsx');
let entry: Promise<EntryServer> | null = null;
/** The SPA's server entry, loaded on the first page rendered (the API alone never loads React). */
const loadEntry = () => (entry ??= import('../../../src/entry-server.tsx'));

const NOINDEX = '<meta name="robots" content="noindex" />';

export type RenderedPage = { status: number; html: string; noindex: boolean };

/** The built index.html with this page's head and, when given, its rendered markup and data. */
export function fillTemplate(
  template: string,
  { head, body, data }: { head: string; body?: string; data?: string },
): string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  html = html.includes('</head>')
    ? html.replace('</head>', `    ${head}\n  </head>`)
    : html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${head}`);
  if (body !== undefined) {
    const script = data ? `<script type="application/json" id="${PRELOADED_ELEMENT_ID}">${data}</script>` : '';
    html = html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>${script}`);
  }
  return html;
}

/**
 * A page's HTML: public pages rendered on the server with their data embedded (src/entry-server.tsx),
 * their head from meta.ts; private pages the SPA shell with noindex; anything else the not-found page
 * with 404 (410 for an archived program) and noindex. A rendering failure falls back to the shell.
 */
export async function renderHtml(
  template: string,
  deps: { db: Db; config: Config; log: FastifyBaseLogger; catalogue?: CatalogueCache },
  pathname: string,
  kind: 'public' | 'private' | 'unknown',
): Promise<RenderedPage> {
  const base = deps.config.publicBaseUrl;
  const shell = (status: number, text = NOT_FOUND_TEXT) => ({
    status,
    noindex: true,
    html: fillTemplate(template, { head: `${headHtml({ base, path: null, text })}\n    ${NOINDEX}` }),
  });
  if (kind === 'private') {
    return { status: 200, noindex: true, html: template.replace('</head>', `    ${NOINDEX}\n  </head>`) };
  }
  try {
    if (kind === 'unknown') {
      const body = await (await loadEntry()).renderPage(`${base}${pathname}`, {});
      return {
        status: 404,
        noindex: true,
        html: fillTemplate(template, {
          head: `${headHtml({ base, path: null, text: NOT_FOUND_TEXT })}\n    ${NOINDEX}`,
          body,
        }),
      };
    }
    const page = await loadPageData(deps.db, deps.config, pathname, deps.catalogue);
    if (page.status !== 200) return shell(page.status);
    const text = page.program
      ? programText(page.program)
      : isPublicPage(pathname)
        ? PAGE_TEXT[pathname]!
        : NOT_FOUND_TEXT;
    const body = await (await loadEntry()).renderPage(`${base}${pathname}`, page.preloaded);
    const head = headHtml({
      base,
      path: pathname,
      text,
      programs: page.programs,
      program: page.program,
      workshops: page.workshops,
    });
    const data = Object.keys(page.preloaded).length > 0 ? serializePreloaded(page.preloaded) : undefined;
    return { status: 200, noindex: false, html: fillTemplate(template, { head, body, data }) };
  } catch (error) {
    deps.log.error({ err: error, path: pathname }, 'server rendering failed; answering the SPA shell');
    const program = PROGRAM_PAGE.test(pathname);
    return {
      status: kind === 'unknown' ? 404 : 200,
      noindex: kind === 'unknown',
      html: fillTemplate(template, {
        head: headHtml({
          base,
          path: kind === 'unknown' ? null : pathname,
          text: isPublicPage(pathname) ? PAGE_TEXT[pathname]! : program ? PAGE_TEXT['/programs']! : NOT_FOUND_TEXT,
        }),
      }),
    };
  }
}
