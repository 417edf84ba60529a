/** Placement's API paths (decision record 070), apart from its schemas so a page can name them without zod. */
export const PLACEMENT_PATHS = {
  summary: '/classroom/placement/summary/',
  studentOffers: '/classroom/offers/',
  /** The student's own offer letter: GET downloads it, PUT (multipart `offer_letter`) adds or replaces it. */
  offerLetter: (id: number | string = ':id') => `/classroom/offers/${id}/offer-letter/`,
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
  /** The office downloads an offer's letter before verifying it (step-up: personal data as a file). */
  officeOfferLetter: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/offer-letter/`,
  verifyOffer: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/verify/`,
  rejectOffer: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/reject/`,
  requestConfirmation: (id: number | string = ':id') => `/api/admin/placement/offers/${id}/request-confirmation/`,
} as const;

/**
 * Openings and applications (decision record 078): the student's openings, applications and Withdraw, the
 * office's openings, an opening's applications and an application's stage.
 */
export const OPENING_PATHS = {
  studentOpenings: '/classroom/openings/',
  apply: (id: number | string = ':id') => `/classroom/openings/${id}/applications/`,
  studentApplications: '/classroom/applications/',
  withdraw: (id: number | string = ':id') => `/classroom/applications/${id}/withdraw/`,
  /** The student's own résumé of an application. */
  resume: (id: number | string = ':id') => `/classroom/applications/${id}/resume/`,
  openings: '/api/admin/placement/openings/',
  opening: (id: number | string = ':id') => `/api/admin/placement/openings/${id}/`,
  openingApplications: (id: number | string = ':id') => `/api/admin/placement/openings/${id}/applications/`,
  stage: (id: number | string = ':id') => `/api/admin/placement/applications/${id}/stage/`,
  /** The office downloads an application's résumé (step-up: personal data as a file). */
  officeResume: (id: number | string = ':id') => `/api/admin/placement/applications/${id}/resume/`,
} as const;

/** The public pages of placement. */
export const PLACEMENT_PAGES = { methodology: '/placement/methodology', confirm: '/placement/confirm' } as const;
