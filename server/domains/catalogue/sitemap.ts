import type { Db } from '../../platform/db/connect.ts';
import { PUBLIC_PAGES, programPath } from '../../platform/lib/public-pages.ts';
import { newestStoryChange } from '../placement/index.ts';
import { createProgramRepository } from './repositories/programs.ts';
import { createWorkshopRepository } from './repositories/workshops.ts';

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

/** sitemap.xml: the public pages and every active program, with absolute URLs from `base` (PUBLIC_BASE_URL). */
export async function sitemapXml(db: Db, base: string): Promise<string> {
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
  return [
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
}
