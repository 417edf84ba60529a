import type { FastifyInstance } from 'fastify';
import { API, Gstr1Query } from '../../../contract/index.ts';
import { gstr1Csv } from './gstr1-csv.ts';
import { missingInvoiceSettings } from '../../config.ts';
import { HttpError, ValidationFailed } from '../../platform/lib/errors.ts';
import { parseQuery } from '../../platform/lib/validate.ts';
import { adminOnly, requireAdmin } from '../../platform/http/auth.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { gstr1ForMonth } from './gst-returns.ts';

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
    const missing = missingInvoiceSettings(config);
    if (missing.length) {
      throw new HttpError(503, `GST returns need the institute's invoice details: set ${missing.join(', ')}.`);
    }
    if (q.format === 'csv' && !q.table) {
      throw new ValidationFailed({
        table: ['Choose the table to download: b2b, b2cl, b2cs, cdnr, cdnur, hsn or docs.'],
      });
    }
    const gstr1 = await gstr1ForMonth(db, config.institute, q.period);
    reply.header('Cache-Control', 'no-store');
    if (q.format === 'summary') return gstr1.summary;

    await createAuditRepository(db).record({
      actorId: admin.id,
      action: 'export',
      entity: 'gstr1',
      entityId: null,
      changes: { period: q.period, format: q.format, ...(q.table ? { table: q.table } : {}) },
    });
    const fp = gstr1.json.fp;
    if (q.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="gstr1-${fp}-${q.table}.csv"`)
        .send(gstr1Csv(q.table!, gstr1.json, gstr1.extras));
    }
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="GSTR1_${config.institute.gstin}_${fp}.json"`)
      .send(JSON.stringify(gstr1.json));
  });
}
