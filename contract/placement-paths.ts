/** Placement's API paths (decision record 070), apart from its schemas so a page can name them without zod. */
export const PLACEMENT_PATHS = {
  summary: '/classroom/placement/summary/',
  studentOffers: '/classroom/offers/',
  /** The student's program batches: report an offer for one, opt out of placement for one (decision 078). */
  studentBatches: '/classroom/placement/batches/',
  studentBatch: (id: number | string = ':id') => `/classroom/placement/batches/${id}/`,
  /** The employer's link: the token is posted in the body, never put in a URL (logs, Referer). */
  confirmation: '/classroom/placement/confirmation/',
  confirmationAnswer: '/classroom/placement/confirmation/answer/',
  employers: '/api/admin/placement/employers/',
  employer: (id: number | string = ':id') => `/api/admin/placement/employers/${id}/`,
  offers: '/api/admin/placement/offers/',
  offer: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/`,
  verifyOffer: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/verify/`,
  rejectOffer: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/reject/`,
  requestConfirmation: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/request-confirmation/`,
} as const;

/** The public pages of placement. */
export const PLACEMENT_PAGES = { methodology: '/placement/methodology', confirm: '/placement/confirm' } as const;
