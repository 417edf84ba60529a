import type { FastifyInstance } from 'fastify';
import { PRIVATE_PAGES } from '../../../platform/lib/public-pages.ts';
import { sitemapXml } from '../sitemap.ts';

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
    const body = await sitemapXml(db, base);
    return reply.type('application/xml; charset=utf-8').send(body);
  });
}
