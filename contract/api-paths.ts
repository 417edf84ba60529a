/**
 * Every API path, exactly as spec section 7 writes it (trailing slashes included), plus the additions
 * of docs/deviations.md. Called with an id they give a URL; called without, the server's route pattern (":id").
 */
type Id = number | string;
const P = ':id';

/** The spec's four-call pattern: list, .../create/, .../{id}/update/, .../{id}/delete/. */
function crud(base: string) {
  return {
    list: `${base}/`,
    create: `${base}/create/`,
    update: (id: Id = P) => `${base}/${id}/update/`,
    remove: (id: Id = P) => `${base}/${id}/delete/`,
  };
}

export const API = {
  token: '/auth/token/',
  tokenRefresh: '/auth/token/refresh/',
  register: '/auth/register/',
  logout: '/auth/logout/',
  passwordReset: '/auth/password-reset/',
  passwordResetConfirm: '/auth/password-reset/confirm/',
  me: '/classroom/auth/me/',
  adminStats: '/classroom/admin/stats/',
  programs: {
    list: '/classroom/programs/',
    create: '/classroom/programs/',
    detail: (id: Id = P) => `/classroom/programs/${id}/`,
    update: (id: Id = P) => `/classroom/programs/${id}/`,
    remove: (id: Id = P) => `/classroom/programs/${id}/`,
    payment: (id: Id = P) => `/classroom/programs/${id}/payment/`,
  },
  faculty: crud('/classroom/faculty'),
  testimonials: crud('/classroom/testimonials'),
  successStories: crud('/classroom/success-stories'),
  resources: {
    ...crud('/classroom/resources'),
    /** Upload (multipart, field "file") or remove a resource's file (issue 11). */
    file: (id: Id = P) => `/classroom/resources/${id}/file/`,
  },
  /** Where resource files are served from. */
  media: { resourceFile: (name: string = ':name') => `/media/resources/${name}` },
  workshops: {
    ...crud('/classroom/workshops'),
    detail: (id: Id = P) => `/classroom/workshops/${id}/`,
    payment: (id: Id = P) => `/classroom/workshops/${id}/payment/`,
  },
  payments: {
    list: '/classroom/payments/',
    complete: (id: Id = P) => `/classroom/payments/${id}/complete/`,
    invoice: (id: Id = P) => `/classroom/payments/${id}/invoice/`,
    verify: (id: Id = P) => `/classroom/payments/${id}/verify/`,
  },
  refunds: { creditNote: (id: Id = P) => `/classroom/refunds/${id}/credit-note/` },
  razorpayWebhook: '/api/payments/razorpay/webhook/',
  enrollments: { list: '/classroom/enrollments/' },
  counseling: { create: '/classroom/counseling-requests/' },
  admin: {
    issueSummary: '/api/admin/issue-summary/',
    enrollments: '/api/admin/enrollments/',
    payments: '/api/admin/payments/',
    resolveEnrollment: (id: Id = P) => `/api/admin/enrollments/${id}/resolve/`,
    resolvePayment: (id: Id = P) => `/api/admin/payments/${id}/resolve/`,
    /** Delete a record with no money behind it (issue 11). */
    enrollment: (id: Id = P) => `/api/admin/enrollments/${id}/`,
    /** What deleting or cancelling the enrollment touches: its unpaid instalments, a seat (decision 077). */
    enrollmentImpact: (id: Id = P) => `/api/admin/enrollments/${id}/impact/`,
    /** What deleting a program or workshop touches: archived or deleted, its students, instalments due. */
    programImpact: (id: Id = P) => `/api/admin/programs/${id}/impact/`,
    workshopImpact: (id: Id = P) => `/api/admin/workshops/${id}/impact/`,
    payment: (id: Id = P) => `/api/admin/payments/${id}/`,
    refundPayment: (id: Id = P) => `/api/admin/payments/${id}/refund/`,
    reconciliation: '/api/admin/reconciliation/',
    reconciliationResolve: (id: Id = P) => `/api/admin/reconciliation/${id}/resolve/`,
    reconciliationSync: '/api/admin/reconciliation/sync/',
    counselingRequests: '/api/admin/counseling-requests/',
    auditLog: '/api/admin/audit-log/',
    outbox: '/api/admin/outbox/',
    users: '/api/admin/users/',
    user: (id: Id = P) => `/api/admin/users/${id}/`,
    /** An administrator sends the account's owner a password reset link (202). */
    userPasswordReset: (id: Id = P) => `/api/admin/users/${id}/password-reset/`,
    /** What erasing or deactivating the person touches: active enrollments, unpaid instalments (decision 068). */
    userImpact: (id: Id = P) => `/api/admin/users/${id}/impact/`,
    /** CSV exports of the lists, honouring the lists' filters (issue 11). */
    exports: {
      payments: '/api/admin/payments/export.csv',
      enrollments: '/api/admin/enrollments/export.csv',
      counselingRequests: '/api/admin/counseling-requests/export.csv',
      users: '/api/admin/users/export.csv',
    },
    revenue: '/api/admin/revenue/',
    /** The month's GSTR-1 return: the offline tool's JSON, each table as CSV, or the panel's totals. */
    gstr1: '/api/admin/gst/gstr1/',
    counselingRequest: (id: Id = P) => `/api/admin/counseling-requests/${id}/`,
    counselingNotes: (id: Id = P) => `/api/admin/counseling-requests/${id}/notes/`,
  },
  config: '/api/config/',
  openapi: '/api/openapi.json',
  health: '/api/health/',
  ready: '/api/ready/',
} as const;

/** Path prefixes the server owns: an unknown path below one answers JSON 404, never the SPA. */
export const API_PREFIXES = ['/auth/', '/classroom/', '/api/', '/media/'] as const;
