import { API } from '../../../contract/index.ts';
import { ADMIN_CREATE, ADMIN_DELETE, ADMIN_READ, ids, resolve, SIGNED_IN, who, type Row } from './access-matrix-app.ts';

/** Numbers the staff accounts the user-create row makes. */
let made = 0;

/** The access matrix's rows for the office: admin lists, tax documents, users, deletes, exports, counseling, resolving. */
export const OFFICE_ROWS: Row[] = [
  { name: 'me', method: 'GET', url: () => API.me, expect: SIGNED_IN },
  { name: 'admin stats', method: 'GET', url: () => API.adminStats, expect: ADMIN_READ },
  { name: 'issue summary', method: 'GET', url: () => API.admin.issueSummary, expect: ADMIN_READ },
  { name: 'admin enrollments', method: 'GET', url: () => API.admin.enrollments, expect: ADMIN_READ },
  { name: 'admin payments', method: 'GET', url: () => API.admin.payments, expect: ADMIN_READ },
  { name: 'admin counseling', method: 'GET', url: () => API.admin.counselingRequests, expect: ADMIN_READ },
  { name: 'audit log', method: 'GET', url: () => API.admin.auditLog, expect: ADMIN_READ },
  { name: 'email outbox', method: 'GET', url: () => API.admin.outbox, expect: ADMIN_READ },
  // Tax documents: the PDF to its student and administrators; to another student it does not exist.
  {
    name: 'invoice',
    method: 'GET',
    url: () => API.payments.invoice(ids.paidPayment!),
    expect: { anonymous: 401, student: 200, other: 404, admin: 200 },
  },
  {
    name: 'credit note',
    method: 'GET',
    url: () => API.refunds.creditNote(ids.refund!),
    expect: { anonymous: 401, student: 200, other: 404, admin: 200 },
  },
  { name: 'users list', method: 'GET', url: () => API.admin.users, expect: ADMIN_READ },
  {
    name: 'user create',
    method: 'POST',
    url: () => API.admin.users,
    body: () => ({
      username: `staff${++made}`,
      email: `staff${made}@example.in`,
      password: 'a-long-password',
      first_name: 'S',
      last_name: 'T',
      role: 'instructor',
    }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'user update',
    method: 'PATCH',
    url: () => API.admin.user(who.other!.id),
    body: () => ({ first_name: 'Other' }),
    expect: ADMIN_READ,
  },
  {
    name: 'payment delete',
    method: 'DELETE',
    url: () => API.admin.payment(ids.doomedPayment!),
    expect: ADMIN_DELETE,
  },
  // A paid enrollment: an administrator passes the door and is refused with the reason (400).
  {
    name: 'enrollment delete',
    method: 'DELETE',
    url: () => API.admin.enrollment(ids.enrollment!),
    expect: { anonymous: 401, student: 403, other: 403, admin: 400 },
  },
  { name: 'payments export', method: 'GET', url: () => API.admin.exports.payments, expect: ADMIN_READ },
  { name: 'enrollments export', method: 'GET', url: () => API.admin.exports.enrollments, expect: ADMIN_READ },
  { name: 'counseling export', method: 'GET', url: () => API.admin.exports.counselingRequests, expect: ADMIN_READ },
  { name: 'users export', method: 'GET', url: () => API.admin.exports.users, expect: ADMIN_READ },
  { name: 'revenue', method: 'GET', url: () => `${API.admin.revenue}?group=course`, expect: ADMIN_READ },
  {
    name: 'counseling update',
    method: 'PATCH',
    url: () => API.admin.counselingRequest(ids.lead!),
    body: () => ({ status: 'contacted' }),
    expect: ADMIN_READ,
  },
  {
    name: 'counseling note',
    method: 'POST',
    url: () => API.admin.counselingNotes(ids.lead!),
    body: () => ({ text: 'Called.' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'resolve enrollment',
    method: 'POST',
    url: () => API.admin.resolveEnrollment(ids.enrollment!),
    body: () => resolve,
    expect: ADMIN_READ,
  },
  {
    name: 'resolve payment',
    method: 'POST',
    url: () => API.admin.resolvePayment(ids.resolvablePayment!),
    body: () => resolve,
    expect: ADMIN_READ,
  },
];
