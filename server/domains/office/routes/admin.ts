import type { FastifyInstance } from 'fastify';
import {
  AdminListQuery,
  AdminPaymentQuery,
  AdminRecordQuery,
  AdminStats,
  API,
  AuditLogQuery,
  CounselingListQuery,
  CounselingNoteInput,
  CounselingPatch,
  Payment,
  ResolveInput,
  RevenueQuery,
} from '../../../../contract/index.ts';
import { paginate, paginateCapped } from '../../../platform/lib/pagination.ts';
import { keysetAnswer, positionOf } from '../../../platform/lib/keyset.ts';
import { paginatedResponseSchema, responseSchema } from '../../../platform/lib/response-schemas.ts';
import { idParam, parse, parseQuery } from '../../../platform/lib/validate.ts';
import { requireAdmin } from '../../../platform/http/auth.ts';
import { createCounselingService } from '../counseling.ts';
import { JSON_TYPE } from '../../../platform/http/http-cache.ts';
import exportRoutes from './exports.ts';
import { createRecordService } from '../records.ts';
import { createOfficeReads } from '../reads.ts';
import { courseImpact, enrollmentImpact } from '../user-impact.ts';
import { toEnrollment } from '../../enrollments/index.ts';
import { toPayment } from '../../payments/index.ts';

const paymentKey = (row: { created_at: string; id: number }) => ({ at: row.created_at, id: row.id });
const enrollmentKey = (row: { enrolled_at: string; id: number }) => ({ at: row.enrolled_at, id: row.id });

/** The admin panel's data: totals, issues, paginated lists, resolves, counseling requests, the audit log. */
export default async function adminRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { db, dialect } = deps;
  const reads = createOfficeReads(db, dialect);
  const counseling = createCounselingService(db);
  const records = createRecordService(db);

  // Every route here is an administrator route: its guard comes from its class (lib/step-up-classes.ts).
  await app.register(exportRoutes);

  app.get(API.adminStats, { schema: { response: { 200: responseSchema(AdminStats) } } }, async () =>
    reads.adminStats(),
  );
  app.get(API.admin.issueSummary, async () => reads.issueSummary());

  app.get(API.admin.enrollments, async (request) => {
    const q = parseQuery(AdminRecordQuery, request.query);
    const position = positionOf(q);
    const { count, rows } = await reads.enrollmentsPage(q, position);
    return keysetAnswer(request.url, position, q.page_size, count, rows, enrollmentKey, toEnrollment);
  });

  /**
   * SQLite: Payments list answers kept in memory by URL (page and filters), each with the count of writes
   * (migration 008) it was made under. That count is read first on every request (a read shared by the
   * requests that arrived before it began: versions.fresh), so an answer is served only while nothing it
   * shows has changed, in any process: never stale. PostgreSQL reads every time.
   */
  const paymentPages = new Map<string, { version: number; body: string }>();
  const KEPT_PAYMENT_PAGES = 100;

  app.get(
    API.admin.payments,
    { schema: { response: { 200: paginatedResponseSchema(Payment) } } },
    async (request, reply) => {
      const version = await reads.paymentsVersion();
      const kept = paymentPages.get(request.url);
      if (kept && kept.version === version) return reply.type(JSON_TYPE).send(kept.body);
      const q = parseQuery(AdminPaymentQuery, request.query);
      const position = positionOf(q);
      const { count, rows } = await reads.paymentsPage(q, position);
      const answer = keysetAnswer(request.url, position, q.page_size, count, rows, paymentKey, toPayment);
      if (version === null) return answer;
      const body = String(reply.serialize(answer));
      if (paymentPages.size >= KEPT_PAYMENT_PAGES) paymentPages.clear();
      paymentPages.set(request.url, { version, body });
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.post(API.admin.resolveEnrollment(), async (request) => {
    const id = idParam(request.params);
    return deps.enrollments.resolve(requireAdmin(request), id, parse(ResolveInput, request.body));
  });

  app.post(API.admin.resolvePayment(), async (request) => {
    const id = idParam(request.params);
    return deps.payments.resolve(requireAdmin(request), id, parse(ResolveInput, request.body));
  });

  app.get(API.admin.counselingRequests, async (request) => {
    const q = parseQuery(CounselingListQuery, request.query);
    const { count, capped, more, results } = await counseling.page(
      { status: q.status, assignee: q.assignee, search: q.search },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    return capped
      ? paginateCapped(request.url, q.page, q.page_size, count, more, results)
      : paginate(request.url, q.page, q.page_size, count, results);
  });

  app.patch(API.admin.counselingRequest(), async (request) => {
    const id = idParam(request.params);
    return counseling.update(requireAdmin(request), id, parse(CounselingPatch, request.body ?? {}));
  });

  app.post(API.admin.counselingNotes(), async (request, reply) => {
    const id = idParam(request.params);
    const updated = await counseling.addNote(requireAdmin(request), id, parse(CounselingNoteInput, request.body));
    return reply.code(201).send(updated);
  });

  app.get(API.admin.auditLog, async (request) => {
    const q = parseQuery(AuditLogQuery, request.query);
    const { count, rows } = await reads.auditLog(q);
    return paginate(request.url, q.page, q.page_size, count, rows);
  });

  app.get(API.admin.outbox, async (request) => {
    const q = parseQuery(AdminListQuery.pick({ page: true, page_size: true }), request.query);
    const { count, rows } = await reads.outbox(q);
    return paginate(request.url, q.page, q.page_size, count, rows);
  });

  app.delete(API.admin.payment(), async (request, reply) => {
    await records.removePayment(requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });

  app.delete(API.admin.enrollment(), async (request, reply) => {
    await records.removeEnrollment(requireAdmin(request), idParam(request.params));
    return reply.code(204).send();
  });

  // What deleting or cancelling it touches, for the confirmation (decision 077).
  app.get(API.admin.enrollmentImpact(), async (request) => {
    requireAdmin(request);
    const rules = { pricesIncludeGst: deps.config.pricesIncludeGst, institute: deps.config.institute };
    return enrollmentImpact(deps.db, rules, idParam(request.params));
  });

  // What deleting a program or workshop touches: archived or deleted, its students, instalments due.
  for (const [courseType, path] of [
    ['program', API.admin.programImpact()],
    ['workshop', API.admin.workshopImpact()],
  ] as const) {
    app.get(path, async (request) => {
      requireAdmin(request);
      const rules = { pricesIncludeGst: deps.config.pricesIncludeGst, institute: deps.config.institute };
      return courseImpact(deps.db, rules, courseType, idParam(request.params));
    });
  }

  app.get(API.admin.revenue, async (request) => {
    return reads.revenue(parseQuery(RevenueQuery, request.query));
  });
}
