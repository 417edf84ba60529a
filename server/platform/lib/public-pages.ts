/**
 * The SPA's pages as the server knows them: which paths exist (anything else answers HTTP 404 with the
 * not-found page), which are public (sitemap, indexing) and which are private (noindex, disallowed in
 * robots.txt). Keep in step with the SPA's route paths.
 */
export const PUBLIC_PAGES = [
  '/',
  '/programs',
  '/faculty',
  '/about',
  '/workshops',
  '/placement',
  '/placement/methodology',
  '/resources',
  '/login',
  '/register',
  '/contact',
  // The policy pages (content/policies/*.md).
  '/privacy',
  '/terms',
  '/refund-policy',
  '/delivery-policy',
  '/grievance',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Pages served as the SPA shell and never indexed: those behind a login (the SPA guards them), and the
 * password reset pages (like the login, but out of the sitemap; a reset link's token stays off the
 * server-rendered path).
 */
export const PRIVATE_PAGES = [
  '/dashboard',
  '/admin',
  '/forgot-password',
  '/reset-password',
  '/account',
  '/account/privacy',
  '/guardian-confirm',
  // The emailed links of an address's confirmation and of undoing a change (decision record 063).
  '/confirm-email',
  '/undo-email-change',
  // An employer's confirmation of an offer (decision record 070).
  '/placement/confirm',
  // The instructor area (decision record 050).
  '/teach',
  // Its question bank (decision record 071).
  '/teach/questions',
  '/teach/tests',
  // The student's notifications and their settings (decision records 073 and 074).
  '/notifications',
] as const;
export const PRIVATE_PATTERNS = [
  /^\/payment\/(program|workshop)\/[^/]+$/,
  // A course page, the instructor's pages: the shell, never the not-found page the client would replace.
  /^\/learn\/\d{1,9}$/,
  // The exam screen and an attempt's result (decision record 072).
  /^\/tests\/\d{1,9}(\/result\/\d{1,9})?$/,
  /^\/teach\/batches\/\d{1,9}(\/assignments)?$/,
  /^\/teach\/assignments\/\d{1,9}$/,
  /^\/teach\/tests\/\d{1,9}$/,
];

/** `/programs/{id}`: a program's own page. */
export const PROGRAM_PAGE = /^\/programs\/(\d{1,9})$/;
export const programPath = (id: number) => `/programs/${id}`;

/** The path of a URL without its query, without a trailing slash (except the root). */
export function pagePath(url: string): string {
  const pathname = url.split(/[?#]/)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export const isPublicPage = (pathname: string): pathname is PublicPage =>
  (PUBLIC_PAGES as readonly string[]).includes(pathname);
export const isPrivatePage = (pathname: string) =>
  (PRIVATE_PAGES as readonly string[]).includes(pathname) || PRIVATE_PATTERNS.some((re) => re.test(pathname));
