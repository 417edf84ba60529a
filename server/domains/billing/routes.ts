import type { FastifyInstance } from 'fastify';
import { API, Gstr1Query } from '../../../contract/index.ts';
import { parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../platform/http/auth.ts';
import { gstr1Download } from './gst-returns.ts';

/**
 * GET /api/admin/gst/gstr1/?period=YYYY-MM: the month's GSTR-1 for the accountant. `format=json` (the
 * default) is the file the GST offline tool imports, `format=csv&table=…` one table in the tool's CSV
 * template, `format=summary` the admin panel's totals. The files name buyers and their GSTINs: each
 * download is audited like the CSV exports.
 */
export default async function gstReturnRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(API.admin.gstr1, { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const q = parseQuery(Gstr1Query, request.query);
    const answer = await gstr1Download(db, config, admin.id, q);
    reply.header('Cache-Control', 'no-store');
    if (answer.format === 'summary') return answer.summary;
    return reply
      .type(answer.type)
      .header('Content-Disposition', `attachment; filename="${answer.fileName}"`)
      .send(answer.body);
  });
}
