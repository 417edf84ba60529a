import type {
  AdminListQuery,
  AdminPaymentQuery,
  AdminRecordQuery,
  AuditLogQuery,
  RevenueQuery,
} from '../../../contract/index.ts';
import type { Db, Dialect } from '../../platform/db/connect.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { createOutboxRepository } from '../../platform/db/outbox.ts';
import { createVersionRepository } from '../../platform/db/versions.ts';
import type { Position } from '../../platform/lib/keyset.ts';
import { toAuditEntry, toOutboxEmail } from './present.ts';
import { createRevenueRepository } from './repositories/revenue.ts';
import { createStatsRepository } from './repositories/stats.ts';
import { listEnrollments } from '../enrollments/index.ts';
import { listPayments } from '../payments/index.ts';

/** The Payments and Enrollments filters (their lists and exports); dates are IST calendar days, inclusive. */
export const recordFilters = (q: AdminRecordQuery | AdminPaymentQuery) => ({
  status: q.status,
  is_urgent: q.is_urgent,
  search: q.search,
  course_type: q.course_type,
  course: q.course,
  date_from: q.date_from,
  date_to: q.date_to,
});

/**
 * The admin panel's reads (administrators only; the routes' class guards them): totals, issues, the Payments and
 * Enrollments pages (one row more than the page, for keyset paging), the audit log, the outbox, revenue.
 */
export function createOfficeReads(db: Db, dialect: Dialect) {
  const stats = createStatsRepository(db);
  const audit = createAuditRepository(db);
  const outbox = createOutboxRepository(db);
  const revenue = createRevenueRepository(db);
  /** SQLite: the count of writes to payments (migration 008) an answer kept in memory was made under. */
  const paymentsVersion = dialect === 'sqlite' ? createVersionRepository(db, 'payments_version') : null;
  return {
    adminStats: () => stats.adminStats(),
    issueSummary: () => stats.issueSummary(),
    enrollmentsPage: (q: AdminRecordQuery, position: Position) =>
      listEnrollments(db, recordFilters(q), q.page_size + 1, position),
    paymentsPage: (q: AdminPaymentQuery, position: Position) =>
      listPayments(db, recordFilters(q), q.page_size + 1, position),
    /** The payments' write count now (SQLite), or null where answers are not kept (PostgreSQL). */
    paymentsVersion: () => (paymentsVersion ? paymentsVersion.fresh() : Promise.resolve(null)),
    async auditLog(q: AuditLogQuery) {
      const filters = {
        actor: q.actor,
        entity: q.entity,
        entity_id: q.entity_id,
        action: q.action,
        date_from: q.date_from,
        date_to: q.date_to,
      };
      const [count, rows] = await Promise.all([
        audit.count(filters),
        audit.page(q.page_size, (q.page - 1) * q.page_size, filters),
      ]);
      return { count, rows: rows.map(toAuditEntry) };
    },
    async outbox(q: Pick<AdminListQuery, 'page' | 'page_size'>) {
      const [count, rows] = await Promise.all([outbox.count(), outbox.page(q.page_size, (q.page - 1) * q.page_size)]);
      return { count, rows: rows.map(toOutboxEmail) };
    },
    revenue(q: RevenueQuery) {
      const filters = { date_from: q.date_from, date_to: q.date_to };
      return q.group === 'course' ? revenue.byCourse(filters) : revenue.byMonth(filters);
    },
  };
}
