/**
 * The one table of administrator routes (decision record 064): every route under /api/admin/ and
 * /classroom/admin/, and every administrator-only route elsewhere, by method and Fastify route pattern.
 * The auth plugin puts each route's guard in front of it from here (`server/platform/http/auth.ts`); no route
 * carries a step-up flag of its own, and `tests/api/step-up-classes.test.ts` walks the route table and
 * fails on an administrator route missing here (or a line here that names no route).
 *
 * - `read`: an administrator reads (lists, totals, the panel's summaries).
 * - `plain-write`: an administrator changes the catalogue, the course delivery or the office's own notes.
 * - `step-up`: a write that moves money, grants or revokes access, changes another person's account or
 *   emails people on the institute's behalf in bulk: a fresh second-factor proof of this login.
 * - `export-step-up`: a read that hands over personal or tax data as a file: step-up, except an
 *   on-screen summary (`?format=summary`).
 */
export type AccessClass = 'read' | 'plain-write' | 'step-up' | 'export-step-up';

/** Where administrator routes live: a route below one of these prefixes must be in the table. */
const ADMIN_PREFIXES = ['/api/admin/', '/classroom/admin/'] as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `"METHOD /pattern/"` → its class. HEAD follows GET. */
export const ADMIN_ROUTE_CLASSES: Readonly<Record<`${Method} /${string}`, AccessClass>> = {
  // The panel's totals, lists and logs.
  'GET /classroom/admin/stats/': 'read',
  'GET /api/admin/issue-summary/': 'read',
  'GET /api/admin/audit-log/': 'read',
  'GET /api/admin/outbox/': 'read',
  // Notifications (decision record 073): what went by WhatsApp and SMS, numbers masked.
  'GET /api/admin/messages/': 'read',
  // Hiding abuse in a lesson's questions (audited with the reason).
  'POST /api/admin/questions/:id/hide/': 'plain-write',
  'POST /api/admin/question-replies/:id/hide/': 'plain-write',
  'GET /api/admin/revenue/': 'read',

  // Accounts: making one (possibly staff), changing another person's account (names, email, role,
  // deactivation), sending them a reset link, removing their second factor, giving them a scholarship.
  'GET /api/admin/users/': 'read',
  'POST /api/admin/users/': 'step-up',
  'GET /api/admin/users/export.csv': 'export-step-up',
  'PATCH /api/admin/users/:id/': 'step-up',
  'POST /api/admin/users/:id/password-reset/': 'step-up',
  'POST /api/admin/users/:id/mfa/reset/': 'step-up',
  'POST /api/admin/users/:id/scholarships/': 'step-up',
  // What erasing a person would touch (their active enrollments, unpaid instalments): shown before Erase now.
  'GET /api/admin/users/:id/impact/': 'read',

  // Payments: a resolve can mark one completed (grants access) or cancel it; refunds move money. A
  // payment without money behind it may be deleted as a plain write.
  'GET /api/admin/payments/': 'read',
  'GET /api/admin/payments/export.csv': 'export-step-up',
  'DELETE /api/admin/payments/:id/': 'plain-write',
  'POST /api/admin/payments/:id/resolve/': 'step-up',
  'POST /api/admin/payments/:id/refund/': 'step-up',

  // Enrollments: a resolve or a delete grants or revokes access; moving to another batch of the same
  // program is scheduling (the student keeps what they paid for).
  'GET /api/admin/enrollments/': 'read',
  'GET /api/admin/enrollments/export.csv': 'export-step-up',
  'DELETE /api/admin/enrollments/:id/': 'step-up',
  'POST /api/admin/enrollments/:id/resolve/': 'step-up',
  'POST /api/admin/enrollments/:id/batch/': 'plain-write',
  'POST /api/admin/enrollments/:id/instalments/refund/': 'step-up',
  // What deleting or cancelling one touches (its unpaid instalments, a seat): shown before the delete.
  'GET /api/admin/enrollments/:id/impact/': 'read',
  // What deleting a program or workshop touches (archived or deleted, students in it, instalments due).
  'GET /api/admin/programs/:id/impact/': 'read',
  'GET /api/admin/workshops/:id/impact/': 'read',

  // Instalment plans, instalments, coupons: prices and discounts are money.
  'GET /api/admin/programs/:id/plans/': 'read',
  'POST /api/admin/programs/:id/plans/': 'step-up',
  'GET /api/admin/plans/:id/': 'read',
  'PATCH /api/admin/plans/:id/': 'step-up',
  'DELETE /api/admin/plans/:id/': 'step-up',
  'GET /api/admin/instalments/': 'read',
  'PATCH /api/admin/instalments/:id/': 'step-up',
  'GET /api/admin/coupons/': 'read',
  'POST /api/admin/coupons/': 'step-up',
  'GET /api/admin/coupons/:id/': 'read',
  'PATCH /api/admin/coupons/:id/': 'step-up',

  // Reconciliation: a grant or refund moves money or access; a sync only applies what the gateway
  // itself reports as captured in full (as its webhook would).
  'GET /api/admin/reconciliation/': 'read',
  'POST /api/admin/reconciliation/sync/': 'plain-write',
  'POST /api/admin/reconciliation/:id/resolve/': 'step-up',

  // Tax: the GSTR-1 files name buyers and their GSTINs.
  'GET /api/admin/gst/gstr1/': 'export-step-up',

  // Certificates: revoking one takes something a student earned.
  'GET /api/admin/certificates/': 'read',
  'POST /api/admin/certificates/:code/revoke/': 'step-up',

  // Data protection: completing a request erases or exports a person; notifying an incident emails every
  // affected person. Recording an incident is the office's own note.
  'GET /api/admin/privacy-requests/': 'read',
  'POST /api/admin/privacy-requests/:id/': 'step-up',
  'GET /api/admin/incidents/': 'read',
  'POST /api/admin/incidents/': 'plain-write',
  'POST /api/admin/incidents/:id/notify/': 'step-up',

  // Counseling requests: the office's follow-up.
  'GET /api/admin/counseling-requests/': 'read',
  'GET /api/admin/counseling-requests/export.csv': 'export-step-up',
  'PATCH /api/admin/counseling-requests/:id/': 'plain-write',
  'POST /api/admin/counseling-requests/:id/notes/': 'plain-write',

  // Course delivery: batches, sessions, modules and lessons.
  'GET /api/admin/batches/': 'read',
  'POST /api/admin/batches/': 'plain-write',
  'GET /api/admin/batches/:id/': 'read',
  'PATCH /api/admin/batches/:id/': 'plain-write',
  'DELETE /api/admin/batches/:id/': 'plain-write',
  'POST /api/admin/batches/:id/sessions/': 'plain-write',
  'PATCH /api/admin/sessions/:id/': 'plain-write',
  'DELETE /api/admin/sessions/:id/': 'plain-write',
  'GET /api/admin/programs/:id/modules/': 'read',
  'POST /api/admin/programs/:id/modules/': 'plain-write',
  'PATCH /api/admin/modules/:id/': 'plain-write',
  'DELETE /api/admin/modules/:id/': 'plain-write',
  'POST /api/admin/modules/:id/lessons/': 'plain-write',
  'PATCH /api/admin/lessons/:id/': 'plain-write',
  'DELETE /api/admin/lessons/:id/': 'plain-write',
  // What deleting a session, module, lesson or faculty member takes with it (decision record 085).
  'GET /api/admin/sessions/:id/impact/': 'read',
  'GET /api/admin/modules/:id/impact/': 'read',
  'GET /api/admin/lessons/:id/impact/': 'read',
  'GET /api/admin/faculty/:id/impact/': 'read',
  'PUT /api/admin/lessons/:id/file/': 'plain-write',

  // The catalogue's administrator writes (the spec's paths, outside /api/admin/).
  'POST /classroom/programs/': 'plain-write',
  'PUT /classroom/programs/:id/': 'plain-write',
  'DELETE /classroom/programs/:id/': 'plain-write',
  'POST /classroom/workshops/create/': 'plain-write',
  'PUT /classroom/workshops/:id/update/': 'plain-write',
  'DELETE /classroom/workshops/:id/delete/': 'plain-write',
  'POST /classroom/faculty/create/': 'plain-write',
  'PUT /classroom/faculty/:id/update/': 'plain-write',
  'DELETE /classroom/faculty/:id/delete/': 'plain-write',
  'POST /classroom/testimonials/create/': 'plain-write',
  'PUT /classroom/testimonials/:id/update/': 'plain-write',
  'DELETE /classroom/testimonials/:id/delete/': 'plain-write',
  'POST /classroom/success-stories/create/': 'plain-write',
  'PUT /classroom/success-stories/:id/update/': 'plain-write',
  'DELETE /classroom/success-stories/:id/delete/': 'plain-write',
  'POST /classroom/resources/create/': 'plain-write',
  'PUT /classroom/resources/:id/update/': 'plain-write',
  'DELETE /classroom/resources/:id/delete/': 'plain-write',
  'POST /classroom/resources/:id/file/': 'plain-write',
  'DELETE /classroom/resources/:id/file/': 'plain-write',

  // Placement (decision record 070): the employers and offers behind every public figure. Verifying or
  // rejecting an offer from its letter changes a published figure; asking an employer to confirm emails
  // one HR contact on the employer's own domain.
  'GET /api/admin/placement/employers/': 'read',
  'POST /api/admin/placement/employers/': 'plain-write',
  'PATCH /api/admin/placement/employers/:id/': 'plain-write',
  'DELETE /api/admin/placement/employers/:id/': 'plain-write',
  'GET /api/admin/placement/offers/': 'read',
  'POST /api/admin/placement/offers/': 'plain-write',
  'GET /api/admin/placement/offers/:id/': 'read',
  'POST /api/admin/placement/offers/:id/verify/': 'step-up',
  'POST /api/admin/placement/offers/:id/reject/': 'step-up',
  'POST /api/admin/placement/offers/:id/request-confirmation/': 'plain-write',
  // A student's offer letter and résumé are personal data handed over as a file, as the users' export is.
  'GET /api/admin/placement/offers/:id/offer-letter/': 'export-step-up',
  'GET /api/admin/placement/applications/:id/resume/': 'export-step-up',
  // The office's stories list with each story's offer and whether it is published (decision record 079).
  'GET /api/admin/success-stories/': 'read',
  // A story's photo (JPEG, PNG or WebP), published only with the student's consent to it (migration 041).
  'PUT /api/admin/success-stories/:id/photo/': 'plain-write',
  // Openings and applications (decision record 078): no money, no personal data beyond the office's own work.
  'GET /api/admin/placement/openings/': 'read',
  'POST /api/admin/placement/openings/': 'plain-write',
  'PUT /api/admin/placement/openings/:id/': 'plain-write',
  'DELETE /api/admin/placement/openings/:id/': 'plain-write',
  'GET /api/admin/placement/openings/:id/applications/': 'read',
  'POST /api/admin/placement/applications/:id/stage/': 'plain-write',
};

/** The class of a route (HEAD as GET); undefined when the table does not name it. */
export function accessClassOf(method: string, url: string): AccessClass | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${url}` as keyof typeof ADMIN_ROUTE_CLASSES;
  return ADMIN_ROUTE_CLASSES[key];
}

/** True for a path below an administrator prefix. */
export const isAdminPath = (url: string): boolean => ADMIN_PREFIXES.some((prefix) => url.startsWith(prefix));

/** Whether a request of this class needs a step-up (an export's on-screen summary does not). */
export function needsStepUp(accessClass: AccessClass, query: unknown): boolean {
  if (accessClass === 'step-up') return true;
  if (accessClass !== 'export-step-up') return false;
  return (query as { format?: unknown } | undefined)?.format !== 'summary';
}
