import type { FastifyInstance } from 'fastify';
import { AdminListQuery, API, ResolveInput } from '../../../contract/index.ts';
import { idParam } from '../admin-writes.ts';
import { paginate } from '../../lib/pagination.ts';
import { parse, parseQuery } from '../../lib/validate.ts';
import { adminOnly, requireAdmin } from '../../plugins/auth.ts';
import { createAuditRepository } from '../../repositories/audit.ts';
import { createCounselingRepository } from '../../repositories/counseling.ts';
import { createEnrollmentRepository } from '../../repositories/enrollments.ts';
import { createPaymentRepository } from '../../repositories/payments.ts';
import { createStatsRepository } from '../../repositories/stats.ts';
import { toAuditEntry, toCounselingRequest, toEnrollment, toPayment } from '../../services/present.ts';

/** The admin panel's data: totals, issues, paginated lists, resolves, counseling requests, the audit log. */
export default async function adminRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { db } = deps;
  const stats = createStatsRepository(db);
  const enrollments = createEnrollmentRepository(db);
  const payments = createPaymentRepository(db);
  const audit = createAuditRepository(db);
  const counseling = createCounselingRepository(db);

  app.addHook('preHandler', adminOnly);

  app.get(API.adminStats, async () => stats.adminStats());
  app.get(API.admin.issueSummary, async () => stats.issueSummary());

  app.get(API.admin.enrollments, async (request) => {
    const q = parseQuery(AdminListQuery, request.query);
    const filters = { status: q.status, is_urgent: q.is_urgent };
    const [count, rows] = await Promise.all([
      enrollments.count(filters),
      enrollments.page(filters, q.page_size, (q.page - 1) * q.page_size),
    ]);
    return paginate(request.url, q.page, q.page_size, count, rows.map(toEnrollment));
  });

  app.get(API.admin.payments, async (request) => {
    const q = parseQuery(AdminListQuery, request.query);
    const filters = { status: q.status, is_urgent: q.is_urgent };
    const [count, rows] = await Promise.all([
      payments.count(filters),
      payments.page(filters, q.page_size, (q.page - 1) * q.page_size),
    ]);
    return paginate(request.url, q.page, q.page_size, count, rows.map(toPayment));
  });

  app.post(API.admin.resolveEnrollment(), async (request) => {
    const id = idParam(request.params);
    return deps.enrollments.resolve(requireAdmin(request), id, parse(ResolveInput, request.body));
  });

  app.post(API.admin.resolvePayment(), async (request) => {
    const id = idParam(request.params);
    return deps.payments.resolve(requireAdmin(request), id, parse(ResolveInput, request.body));
  });

  app.get(API.admin.counselingRequests, async (request) => {
    const q = parseQuery(AdminListQuery.pick({ page: true, page_size: true }), request.query);
    const [count, rows] = await Promise.all([
      counseling.count(),
      counseling.page(q.page_size, (q.page - 1) * q.page_size),
    ]);
    return paginate(request.url, q.page, q.page_size, count, rows.map(toCounselingRequest));
  });

  app.get(API.admin.auditLog, async (request) => {
    const q = parseQuery(AdminListQuery.pick({ page: true, page_size: true }), request.query);
    const [count, rows] = await Promise.all([audit.count(), audit.page(q.page_size, (q.page - 1) * q.page_size)]);
    return paginate(request.url, q.page, q.page_size, count, rows.map(toAuditEntry));
  });
}
