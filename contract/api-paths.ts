/**
 * Every API path, exactly as spec section 7 writes it (trailing slashes included), plus the additions
 * of design.md. Called with an id they give a URL; called without, the server's route pattern (":id").
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
  resources: crud('/classroom/resources'),
  workshops: {
    ...crud('/classroom/workshops'),
    detail: (id: Id = P) => `/classroom/workshops/${id}/`,
    payment: (id: Id = P) => `/classroom/workshops/${id}/payment/`,
  },
  payments: {
    list: '/classroom/payments/',
    complete: (id: Id = P) => `/classroom/payments/${id}/complete/`,
  },
  enrollments: { list: '/classroom/enrollments/' },
  counseling: { create: '/classroom/counseling-requests/' },
  admin: {
    issueSummary: '/api/admin/issue-summary/',
    enrollments: '/api/admin/enrollments/',
    payments: '/api/admin/payments/',
    resolveEnrollment: (id: Id = P) => `/api/admin/enrollments/${id}/resolve/`,
    resolvePayment: (id: Id = P) => `/api/admin/payments/${id}/resolve/`,
    counselingRequests: '/api/admin/counseling-requests/',
    auditLog: '/api/admin/audit-log/',
  },
  config: '/api/config/',
  openapi: '/api/openapi.json',
  health: '/api/health/',
  ready: '/api/ready/',
} as const;

/** Path prefixes the server owns: an unknown path below one answers JSON 404, never the SPA. */
export const API_PREFIXES = ['/auth/', '/classroom/', '/api/'] as const;
