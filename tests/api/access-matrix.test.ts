import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SERVER_MESSAGES } from '../../contract/index.ts';
import {
  completeThroughGateway,
  createProgram,
  createWorkshop,
  programInput,
  workshopInput,
} from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Who may call what: every endpoint × {anonymous, the owning student, another student, an administrator,
 * a deactivated account}. The expected statuses are the contract; answers' shapes are checked by the
 * other files. A deactivated account is treated as anonymous, its token refused where a login is needed.
 */

let ctx: TestContext;
let made = 0;
const who: Record<string, TestUser | null> = {};
const ids: Record<string, number> = {};

type Caller = 'anonymous' | 'student' | 'other' | 'admin' | 'deactivated';
type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  headers?: () => Record<string, string>;
  expect: Record<Exclude<Caller, 'deactivated'>, number>;
};

const PUBLIC = { anonymous: 200, student: 200, other: 200, admin: 200 };
const SIGNED_IN = { anonymous: 401, student: 200, other: 200, admin: 200 };
const ADMIN_READ = { anonymous: 401, student: 403, other: 403, admin: 200 };
const ADMIN_CREATE = { anonymous: 401, student: 403, other: 403, admin: 201 };
const ADMIN_DELETE = { anonymous: 401, student: 403, other: 403, admin: 204 };

/** Signed webhooks, one fresh event per call; the headers go with the body made last. */
let webhookHeaders: Record<string, string> = {};
function signedWebhook(): string {
  const delivery = ctx.gateway.signedEvent('payment.authorized', {
    payment: {
      entity: { id: 'pay_matrix', order_id: 'order_matrix', amount: 100, currency: 'INR', status: 'authorized' },
    },
  });
  webhookHeaders = {
    'content-type': 'application/json',
    'x-razorpay-signature': delivery.signature,
    'x-razorpay-event-id': delivery.eventId,
  };
  return delivery.body;
}
let proof: unknown = null;

const faculty = { first_name: 'A', last_name: 'B', email: 'a@example.in', expertise: 'Credit', experience_years: 3 };
const resolve = {
  status: 'on_hold',
  admin_notes: 'checking',
  failure_reason: '',
  issue_description: '',
  is_urgent: false,
};

const ROWS: Row[] = [
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

  { name: 'program list', method: 'GET', url: () => API.programs.list, expect: PUBLIC },
  { name: 'program detail', method: 'GET', url: () => API.programs.detail(ids.program!), expect: PUBLIC },
  {
    name: 'program create',
    method: 'POST',
    url: () => API.programs.create,
    body: () => programInput(),
    expect: ADMIN_CREATE,
  },
  {
    name: 'program update',
    method: 'PUT',
    url: () => API.programs.update(ids.program!),
    body: () => programInput(),
    expect: ADMIN_READ,
  },
  {
    name: 'program delete',
    method: 'DELETE',
    url: () => API.programs.remove(ids.doomedProgram!),
    expect: ADMIN_DELETE,
  },
  { name: 'workshop list', method: 'GET', url: () => API.workshops.list, expect: PUBLIC },
  { name: 'workshop detail', method: 'GET', url: () => API.workshops.detail(ids.workshop!), expect: PUBLIC },
  {
    name: 'workshop create',
    method: 'POST',
    url: () => API.workshops.create,
    body: () => workshopInput(),
    expect: ADMIN_CREATE,
  },
  {
    name: 'workshop update',
    method: 'PUT',
    url: () => API.workshops.update(ids.workshop!),
    body: () => workshopInput(),
    expect: ADMIN_READ,
  },
  {
    name: 'workshop delete',
    method: 'DELETE',
    url: () => API.workshops.remove(ids.doomedWorkshop!),
    expect: ADMIN_DELETE,
  },
  { name: 'faculty list', method: 'GET', url: () => API.faculty.list, expect: PUBLIC },
  { name: 'faculty create', method: 'POST', url: () => API.faculty.create, body: () => faculty, expect: ADMIN_CREATE },
  {
    name: 'faculty update',
    method: 'PUT',
    url: () => API.faculty.update(ids.faculty!),
    body: () => faculty,
    expect: ADMIN_READ,
  },
  { name: 'faculty delete', method: 'DELETE', url: () => API.faculty.remove(ids.doomedFaculty!), expect: ADMIN_DELETE },
  { name: 'testimonial list', method: 'GET', url: () => API.testimonials.list, expect: PUBLIC },
  {
    name: 'testimonial create',
    method: 'POST',
    url: () => API.testimonials.create,
    body: () => ({ title: 'T' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'testimonial update',
    method: 'PUT',
    url: () => API.testimonials.update(ids.testimonial!),
    body: () => ({ title: 'T2' }),
    expect: ADMIN_READ,
  },
  {
    name: 'testimonial delete',
    method: 'DELETE',
    url: () => API.testimonials.remove(ids.doomedTestimonial!),
    expect: ADMIN_DELETE,
  },
  { name: 'story list', method: 'GET', url: () => API.successStories.list, expect: PUBLIC },
  {
    name: 'story create',
    method: 'POST',
    url: () => API.successStories.create,
    body: () => ({ student_name: 'S' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'story update',
    method: 'PUT',
    url: () => API.successStories.update(ids.story!),
    body: () => ({ student_name: 'S2' }),
    expect: ADMIN_READ,
  },
  {
    name: 'story delete',
    method: 'DELETE',
    url: () => API.successStories.remove(ids.doomedStory!),
    expect: ADMIN_DELETE,
  },
  { name: 'resource list', method: 'GET', url: () => API.resources.list, expect: PUBLIC },
  {
    name: 'resource create',
    method: 'POST',
    url: () => API.resources.create,
    body: () => ({ title: 'R' }),
    expect: ADMIN_CREATE,
  },
  {
    name: 'resource update',
    method: 'PUT',
    url: () => API.resources.update(ids.resource!),
    body: () => ({ title: 'R2' }),
    expect: ADMIN_READ,
  },
  // The matrix sends JSON: an administrator passes the door and is asked for multipart (415).
  {
    name: 'resource file upload',
    method: 'POST',
    url: () => API.resources.file(ids.resource!),
    body: () => ({}),
    expect: { anonymous: 401, student: 403, other: 403, admin: 415 },
  },
  {
    name: 'resource file remove',
    method: 'DELETE',
    url: () => API.resources.file(ids.resource!),
    expect: ADMIN_DELETE,
  },
  {
    name: 'resource delete',
    method: 'DELETE',
    url: () => API.resources.remove(ids.doomedResource!),
    expect: ADMIN_DELETE,
  },

  { name: 'my payments', method: 'GET', url: () => API.payments.list, expect: SIGNED_IN },
  { name: 'my enrollments', method: 'GET', url: () => API.enrollments.list, expect: SIGNED_IN },
  // The student's own pending payment: only they may complete it; for anyone else it does not exist.
  {
    name: 'complete payment',
    method: 'POST',
    url: () => API.payments.complete(ids.payment!),
    expect: { anonymous: 401, student: 200, other: 404, admin: 404 },
  },
  // The checkout's proof for the owner's payment: theirs to verify; for anyone else it does not exist.
  {
    name: 'verify payment',
    method: 'POST',
    url: () => API.payments.verify(ids.verifiable!),
    body: () => proof,
    expect: { anonymous: 401, student: 200, other: 404, admin: 404 },
  },
  // No login: the signature is the proof, whoever sends it.
  {
    name: 'razorpay webhook',
    method: 'POST',
    url: () => API.razorpayWebhook,
    body: signedWebhook,
    headers: () => webhookHeaders,
    expect: PUBLIC,
  },
  {
    name: 'refund payment',
    method: 'POST',
    url: () => API.admin.refundPayment(ids.refundable!),
    body: () => ({ amount: 1, reason: 'matrix', revoke_access: false }),
    headers: () => ({ 'idempotency-key': 'matrix-refund' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  { name: 'reconciliation', method: 'GET', url: () => API.admin.reconciliation, expect: ADMIN_READ },
  {
    name: 'reconciliation resolve',
    method: 'POST',
    url: () => API.admin.reconciliationResolve(ids.flaggedEvent!),
    body: () => ({ action: 'resolve', note: 'matrix' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  { name: 'reconciliation sync', method: 'POST', url: () => API.admin.reconciliationSync, expect: ADMIN_READ },
  {
    name: 'program payment',
    method: 'POST',
    url: () => API.programs.payment(ids.program!),
    body: () => ({}),
    expect: { anonymous: 401, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'workshop payment',
    method: 'POST',
    url: () => API.workshops.payment(ids.workshop!),
    body: () => ({}),
    expect: { anonymous: 401, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'counseling',
    method: 'POST',
    url: () => API.counseling.create,
    body: () => ({ name: 'N', email: 'n@example.in', phone: '9876543210' }),
    expect: { anonymous: 201, student: 201, other: 201, admin: 201 },
  },
  {
    name: 'password reset request',
    method: 'POST',
    url: () => API.passwordReset,
    body: () => ({ email: 'someone@example.in' }),
    expect: { anonymous: 202, student: 202, other: 202, admin: 202 },
  },
  {
    name: 'password reset confirm (unknown token)',
    method: 'POST',
    url: () => API.passwordResetConfirm,
    body: () => ({ token: 'unknown', password: 'N3w-password!' }),
    expect: { anonymous: 400, student: 400, other: 400, admin: 400 },
  },
  { name: 'config', method: 'GET', url: () => API.config, expect: PUBLIC },
  { name: 'health', method: 'GET', url: () => API.health, expect: PUBLIC },
  { name: 'openapi', method: 'GET', url: () => API.openapi, expect: PUBLIC },
];

/** Callers in this order, so "complete payment" is tried by the others before its owner completes it. */
const CALLERS: Caller[] = ['anonymous', 'deactivated', 'other', 'admin', 'student'];

beforeAll(async () => {
  ctx = await createTestApp();
  who.anonymous = null;
  who.student = await ctx.user('owner');
  who.other = await ctx.user('other');
  who.admin = await ctx.user('admin', 'admin');
  // A former administrator: deactivated through the API, still holding tokens.
  who.deactivated = await ctx.user('former', 'admin');
  await ctx.request({
    method: 'PATCH',
    url: API.admin.user(who.deactivated.id),
    token: who.admin.access,
    body: { is_active: false },
  });
  const admin = who.admin.access;
  ids.program = await createProgram(ctx, admin);
  ids.workshop = await createWorkshop(ctx, admin, { max_participants: 100 });
  ids.doomedProgram = await createProgram(ctx, admin);
  ids.doomedWorkshop = await createWorkshop(ctx, admin);
  const make = async (url: string, body: object) =>
    ((await ctx.request({ method: 'POST', url, token: admin, body })).body as { id: number }).id;
  ids.lead = (
    (
      await ctx.request({
        method: 'POST',
        url: API.counseling.create,
        body: { name: 'Lead', email: 'lead@example.in', phone: '9876543210' },
        ip: '10.200.0.1',
      })
    ).body as { id: number }
  ).id;
  ids.faculty = await make(API.faculty.create, faculty);
  ids.doomedFaculty = await make(API.faculty.create, faculty);
  ids.testimonial = await make(API.testimonials.create, { title: 'T' });
  ids.doomedTestimonial = await make(API.testimonials.create, { title: 'T' });
  ids.story = await make(API.successStories.create, { student_name: 'S' });
  ids.doomedStory = await make(API.successStories.create, { student_name: 'S' });
  ids.resource = await make(API.resources.create, { title: 'R' });
  ids.doomedResource = await make(API.resources.create, { title: 'R' });
  // The owner's pending payment and an enrollment to resolve.
  const other = await createProgram(ctx, admin);
  const paid = (
    await ctx.request({ method: 'POST', url: API.programs.payment(other), token: who.student.access, body: {} })
  ).body as { id: number };
  const done = (await completeThroughGateway(ctx, who.student.access, paid.id)).body as { enrollment: { id: number } };
  ids.enrollment = done.enrollment.id;
  ids.paidPayment = paid.id;
  ids.refund = 77;
  await ctx.db
    .transaction()
    .execute((trx) => ctx.app.deps.mail.refundIssued(trx, { paymentId: paid.id, refundId: 77, amountPaise: 1000 }));
  ids.refundable = paid.id;
  // A payment paid at the gateway (no webhook), whose checkout proof only its owner may present.
  const toVerify = await createProgram(ctx, admin);
  ids.verifiable = (
    (await ctx.request({ method: 'POST', url: API.programs.payment(toVerify), token: who.student.access, body: {} }))
      .body as { id: number }
  ).id;
  proof = await ctx.pay(ids.verifiable, { webhooks: false });
  // A flagged event for the office (a capture for an order that is not ours).
  const stranger = ctx.gateway.signedEvent('payment.captured', {
    payment: {
      entity: { id: 'pay_stranger', order_id: 'order_stranger', amount: 100, currency: 'INR', status: 'captured' },
    },
  });
  await ctx.request({
    method: 'POST',
    url: API.razorpayWebhook,
    body: stranger.body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': stranger.signature,
      'x-razorpay-event-id': stranger.eventId,
    },
  });
  ids.flaggedEvent = (
    await ctx.db
      .selectFrom('gateway_events')
      .select('id')
      .where('event_id', '=', stranger.eventId)
      .executeTakeFirstOrThrow()
  ).id;
  const pending = await createProgram(ctx, admin);
  ids.payment = (
    (await ctx.request({ method: 'POST', url: API.programs.payment(pending), token: who.student.access, body: {} }))
      .body as { id: number }
  ).id;
  const doomed = await createProgram(ctx, admin);
  ids.doomedPayment = (
    (await ctx.request({ method: 'POST', url: API.programs.payment(doomed), token: who.other.access, body: {} }))
      .body as { id: number }
  ).id;
  // Paid at the gateway (no webhook): Complete Payment has something to find for its owner.
  await ctx.pay(ids.payment, { webhooks: false });
  const another = await createProgram(ctx, admin);
  ids.resolvablePayment = (
    (await ctx.request({ method: 'POST', url: API.programs.payment(another), token: who.other.access, body: {} }))
      .body as { id: number }
  ).id;
});
afterAll(async () => ctx?.close());

describe('access matrix', () => {
  const cases = ROWS.flatMap((row) =>
    CALLERS.map((caller) => ({
      ...row,
      caller,
      status: row.expect[caller === 'deactivated' ? 'anonymous' : caller],
    })),
  );
  it.each(cases)('$method $name as $caller → $status', async ({ method, url, body, headers, caller, status }) => {
    const payload = body?.();
    const res = await ctx.request({
      method,
      url: url(),
      token: who[caller]?.access ?? null,
      body: payload,
      headers: headers?.(),
    });
    expect(res.status).toBe(status);
    if (status === 401)
      expect(res.body).toEqual({
        detail: caller === 'deactivated' ? SERVER_MESSAGES.tokenInvalid : SERVER_MESSAGES.notAuthenticated,
      });
    if (status === 403) expect(res.body).toEqual({ detail: SERVER_MESSAGES.forbidden });
    if (status === 404) expect(res.body).toEqual({ detail: SERVER_MESSAGES.notFound });
  });
});
