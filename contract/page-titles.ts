/**
 * Every page's document title, one table for the SPA (src/lib/document-title.ts sets it on every
 * navigation) and the same words the server-rendered head uses for public pages (server/platform/ssr/meta.ts; a
 * test keeps the two equal). A program's page is titled by its program (`titled(program.title)`).
 */
export const SITE_TITLE = 'Credit Careers Institute';

export const titled = (name: string) => `${name} | ${SITE_TITLE}`;

const PAGE_TITLES: Record<string, string> = {
  '/': `${SITE_TITLE} | Credit analyst, research analyst and NBFC careers in India`,
  '/programs': titled('Programs and fees'),
  '/faculty': titled('Our faculty'),
  '/about': titled('About us'),
  '/workshops': titled('Workshops and events'),
  '/placement': titled('Placement and success stories'),
  '/placement/methodology': titled('How we count placements'),
  '/placement/confirm': titled('Confirm an offer'),
  '/resources': titled('Resource library'),
  '/login': titled('Log in'),
  '/register': titled('Create an account'),
  '/contact': titled('Contact us and book free counseling'),
  '/forgot-password': titled('Forgot password'),
  '/reset-password': titled('Set a new password'),
  '/dashboard': titled('My dashboard'),
  '/admin': titled('Admin panel'),
  '/account': titled('Your account'),
  '/account/privacy': titled('Privacy and your data'),
  '/guardian-confirm': titled('Confirm as parent or guardian'),
  '/confirm-email': titled('Confirm your email address'),
  '/undo-email-change': titled('Undo an email change'),
  '/teach': titled('Your batches (teaching)'),
  '/teach/questions': titled('Question bank'),
  '/teach/tests': titled('Tests (teaching)'),
  '/notifications': titled('Notifications'),
  // The policy pages (server-rendered too: server/platform/ssr/policy-pages.ts takes these titles).
  '/privacy': titled('Privacy notice'),
  '/terms': titled('Terms of use'),
  '/refund-policy': titled('Refund policy'),
  '/delivery-policy': titled('Delivery policy'),
  '/grievance': titled('Grievance officer'),
};

export const NOT_FOUND_TITLE = titled('Page not found');

/** The title of the page at `pathname`; null for a program's page and a course page, which name themselves. */
export function pageTitle(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PAGE_TITLES[path]) return PAGE_TITLES[path];
  if (/^\/programs\/[^/]+$/.test(path)) return null;
  if (/^\/learn\/[^/]+$/.test(path)) return null;
  // The exam screen and an attempt's result name themselves by the test.
  if (/^\/tests\/[^/]+(\/result\/[^/]+)?$/.test(path)) return null;
  // An instructor's batch page names itself by its batch.
  if (/^\/teach\/batches\/[^/]+$/.test(path)) return null;
  if (/^\/teach\/batches\/[^/]+\/assignments$/.test(path)) return titled('Assignments');
  // An assignment's grading page names itself by the assignment.
  if (/^\/teach\/assignments\/[^/]+$/.test(path)) return null;
  // A test's page names itself by the test.
  if (/^\/teach\/tests\/[^/]+$/.test(path)) return null;
  if (/^\/payment\/(program|workshop)\/[^/]+$/.test(path)) return titled('Checkout');
  return NOT_FOUND_TITLE;
}
