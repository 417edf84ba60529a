import type { FastifyInstance } from 'fastify';
import { PRIVATE_PAGES, PUBLIC_PAGES, programPath } from '../../../platform/lib/public-pages.ts';
import { createProgramRepository } from '../repositories/programs.ts';
import { createWorkshopRepository } from '../repositories/workshops.ts';
import { newestStoryChange } from '../../placement/index.ts';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** W3C date of a stored timestamp (ISO text on SQLite, text or Date on PostgreSQL). */
function lastmod(value: unknown): string | undefined {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

const newest = (dates: (string | undefined)[]) =>
  dates.filter((d): d is string => Boolean(d)).sort((a, b) => b.localeCompare(a))[0];

type Entry = { path: string; lastmod?: string; priority: string };

/** robots.txt and sitemap.xml, with absolute URLs from PUBLIC_BASE_URL. */
export default async function seoRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const base = config.publicBaseUrl;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`),
      'Disallow: /payment/',
      'Disallow: /learn/',
      'Disallow: /tests/',
      'Disallow: /api/',
      'Disallow: /auth/',
      'Disallow: /classroom/',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const [programs, workshops, storiesChanged] = await Promise.all([
      createProgramRepository(db).list({ includeInactive: false }),
      createWorkshopRepository(db).list({ includeInactive: false }),
      // The placement page's stories change with a story or a student's consent (decision 079): read per request.
      newestStoryChange(db),
    ]);
    const programsChanged = newest(programs.map((p) => lastmod(p.updated_at)));
    const workshopsChanged = newest(workshops.map((w) => lastmod(w.updated_at)));
    const entries: Entry[] = PUBLIC_PAGES.map((page) => ({
      path: page,
      priority: page === '/' ? '1.0' : page === '/programs' ? '0.9' : '0.6',
      // Lists change when what they list changes.
      lastmod:
        page === '/programs'
          ? programsChanged
          : page === '/workshops'
            ? workshopsChanged
            : page === '/placement'
              ? lastmod(storiesChanged)
              : undefined,
    }));
    for (const program of programs) {
      entries.push({ path: programPath(program.id), lastmod: lastmod(program.updated_at), priority: '0.8' });
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (entry) =>
          `  <url><loc>${escapeXml(`${base}${entry.path === '/' ? '/' : entry.path}`)}</loc>` +
          (entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '') +
          `<priority>${entry.priority}</priority></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').send(body);
  });
}
