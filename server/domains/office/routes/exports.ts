import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  AdminPaymentQuery,
  AdminRecordQuery,
  AdminUserListQuery,
  API,
  CounselingListQuery,
  istToday,
} from '../../../../contract/index.ts';
import { parseQuery } from '../../../platform/lib/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { counselingCsv, enrollmentsCsv, paymentsCsv, usersCsv, type CsvExport } from '../exports.ts';

/** CSV exports of the admin lists with the lists' own filters (office/exports.ts): audited, then streamed. */
export default async function exportRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  const send = (reply: FastifyReply, { list, stream }: CsvExport) => {
    stream.on('error', (error) => reply.log.error({ err: error }, `${list} export failed`));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${list}-${istToday()}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  };

  app.get(API.admin.exports.payments, async (request, reply) => {
    const q = parseQuery(AdminPaymentQuery, request.query);
    return send(reply, await paymentsCsv(db, requireAdmin(request), q));
  });

  app.get(API.admin.exports.enrollments, async (request, reply) => {
    const q = parseQuery(AdminRecordQuery, request.query);
    return send(reply, await enrollmentsCsv(db, requireAdmin(request), q));
  });

  app.get(API.admin.exports.users, async (request, reply) => {
    const q = parseQuery(AdminUserListQuery, request.query);
    return send(reply, await usersCsv(db, requireAdmin(request), q));
  });

  app.get(API.admin.exports.counselingRequests, async (request, reply) => {
    const q = parseQuery(CounselingListQuery, request.query);
    return send(reply, await counselingCsv(db, requireAdmin(request), q));
  });
}
