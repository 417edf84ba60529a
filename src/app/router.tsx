import { lazy, useState, type ComponentType } from 'react';
import { createMemoryRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { MainLayout } from '../components/layout/main-layout.tsx';
import { HomePage } from '../features/marketing/components/home-page.tsx';
import type { PlacementSummary } from '../../contract/placement.ts';
import { deferredPart } from '../lib/deferred-part.tsx';
import { usePreloadedPlacement } from './routes/preloaded-placement.ts';
import { paths } from '../config/paths.ts';
import { PreloadedContext, type Preloaded } from '../lib/preloaded.ts';
import { RootRoute } from './root-route.tsx';

type Loaded = { default: ComponentType };

/**
 * Route-level code splitting: the home page ships alone; admin and checkout are their own chunks.
 * `preload()` fetches a page's chunk ahead; once it is here the lazy component resolves synchronously
 * (React reads a thenable that has already settled), so a server-rendered page hydrates in one pass
 * instead of waiting for its chunk after start-up (src/main.tsx preloads the current page's chunk).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: Loaded | null = null;
  const preload = async (): Promise<Loaded> => (loaded ??= { default: (await load())[name] });
  const settled = (value: Loaded) => ({ then: (resolve: (v: Loaded) => void) => resolve(value) });
  const Component = lazy(() => (loaded ? (settled(loaded) as unknown as Promise<Loaded>) : preload()));
  return Object.assign(Component, { preload });
}

/** Loads the chunks of the pages a path shows (before hydrating a server-rendered page). */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => {
      const type = (match.route.element as { type?: { preload?: () => Promise<unknown> } } | undefined)?.type;
      return type?.preload?.();
    }),
  );
}

// One import per route module (several pages share one chunk): the entry names each chunk's files once.
const loadPasswordResetRoutes = () => import('./routes/password-reset-routes.tsx');
const loadCatalogueRoutes = () => import('./routes/catalogue-routes.tsx');
const loadExamRoutes = () => import('./routes/exam-routes.tsx');
const loadTeachRoute = () => import('./routes/teach-route.tsx');
const loadTeachAssignmentsRoute = () => import('./routes/teach-assignments-route.tsx');
const loadTeachTestsRoute = () => import('./routes/teach-tests-route.tsx');
const loadPrivacyRoutes = () => import('./routes/privacy-routes.tsx');
const loadEmailLinkRoutes = () => import('./routes/email-link-routes.tsx');

const LoginPage = page(() => import('./routes/login-route.tsx'), 'LoginRoute');
const RegisterPage = page(() => import('./routes/register-route.tsx'), 'RegisterRoute');
const ForgotPasswordPage = page(loadPasswordResetRoutes, 'ForgotPasswordRoute');
const ResetPasswordPage = page(loadPasswordResetRoutes, 'ResetPasswordRoute');
const AboutPage = page(loadCatalogueRoutes, 'AboutRoute');
const ContactPage = page(() => import('./routes/contact-route.tsx'), 'ContactRoute');
const PlacementPage = page(loadCatalogueRoutes, 'PlacementRoute');
const PlacementMethodologyPage = page(loadCatalogueRoutes, 'PlacementMethodologyRoute');
const PlacementConfirmPage = page(loadCatalogueRoutes, 'PlacementConfirmRoute');
const ProgramsPage = page(loadCatalogueRoutes, 'ProgramsRoute');
const ProgramDetailPage = page(loadCatalogueRoutes, 'ProgramDetailRoute');
const FacultyPage = page(loadCatalogueRoutes, 'FacultyRoute');
const WorkshopsPage = page(loadCatalogueRoutes, 'WorkshopsRoute');
const ResourcesPage = page(loadCatalogueRoutes, 'ResourcesRoute');
const DashboardPage = page(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute');
const AdminPage = page(() => import('./routes/admin-route.tsx'), 'AdminRoute');
const AccountPage = page(() => import('./routes/account-route.tsx'), 'AccountRoute');
const CheckoutPage = page(() => import('./routes/checkout-route.tsx'), 'CheckoutRoute');
const LearnPage = page(() => import('./routes/learn-route.tsx'), 'LearnRoute');
// The exam screen and its result (decision record 072).
const ExamPage = page(loadExamRoutes, 'ExamRoute');
const ExamResultPage = page(loadExamRoutes, 'ExamResultRoute');
// The instructor area (decision record 050).
const TeachPage = page(loadTeachRoute, 'TeachRoute');
const TeachBatchPage = page(loadTeachRoute, 'TeachBatchRoute');
const TeachBatchAssignmentsPage = page(loadTeachAssignmentsRoute, 'TeachBatchAssignmentsRoute');
const TeachAssignmentPage = page(loadTeachAssignmentsRoute, 'TeachAssignmentRoute');
const TeachQuestionsPage = page(() => import('./routes/teach-questions-route.tsx'), 'TeachQuestionsRoute');
const TeachTestsPage = page(loadTeachTestsRoute, 'TeachTestsRoute');
const TeachTestPage = page(loadTeachTestsRoute, 'TeachTestRoute');
const NotFoundPage = page(() => import('../components/status-pages.tsx'), 'NotFoundPage');
const PolicyPage = page(loadPrivacyRoutes, 'PolicyRoute');
const AccountPrivacyPage = page(loadPrivacyRoutes, 'AccountPrivacyRoute');
const GuardianConfirmPage = page(loadPrivacyRoutes, 'GuardianConfirmRoute');
// The emailed links of an address's confirmation and of undoing a change (decision record 063).
const ConfirmEmailPage = page(loadEmailLinkRoutes, 'ConfirmEmailRoute');
const UndoEmailChangePage = page(loadEmailLinkRoutes, 'UndoEmailChangeRoute');
// Notifications (decision records 073 and 074): the page, and the header's bell in a chunk of its own.
const NotificationsPage = page(() => import('./routes/notifications-route.tsx'), 'NotificationsRoute');
const HeaderBell = lazy(async () => ({ default: (await import('./routes/header-bell.tsx')).HeaderBell }));

/**
 * The home page below its hero: server-rendered, hydrated after the hero in its own chunk, which brings the
 * placement figures' loader with it (the home page's first JavaScript stays within its budget).
 */
const HomeSections = deferredPart(async () => {
  const [{ HomeSections: Sections }, { placementSummaryLoader }] = await Promise.all([
    import('../features/marketing/components/home-sections.tsx'),
    import('./composition/placement.ts'),
  ]);
  return function HomeBelowTheFold({ preloaded }: { preloaded?: PlacementSummary }) {
    return <Sections figures={placementSummaryLoader} preloaded={preloaded} />;
  };
});
const HomeRoute = () => <HomePage below={<HomeSections preloaded={usePreloadedPlacement()} />} />;

export const routes: RouteObject[] = [
  {
    // RootRoute shows the route error page when a page fails to render.
    element: <RootRoute />,
    children: [
      // No page chrome.
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.checkout.pattern, element: <CheckoutPage /> },
      {
        element: <MainLayout bell={<HeaderBell />} />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.programs, element: <ProgramsPage /> },
          { path: paths.program.pattern, element: <ProgramDetailPage /> },
          { path: paths.faculty, element: <FacultyPage /> },
          { path: paths.workshops, element: <WorkshopsPage /> },
          { path: paths.placement, element: <PlacementPage /> },
          { path: paths.placementMethodology, element: <PlacementMethodologyPage /> },
          { path: paths.placementConfirm, element: <PlacementConfirmPage /> },
          { path: paths.resources, element: <ResourcesPage /> },
          { path: paths.contact, element: <ContactPage /> },
          // Login and role guards: in the pages' chunks (src/app/routes).
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.admin, element: <AdminPage /> },
          { path: paths.account, element: <AccountPage /> },
          { path: paths.learn.pattern, element: <LearnPage /> },
          { path: paths.test.pattern, element: <ExamPage /> },
          { path: paths.testResult.pattern, element: <ExamResultPage /> },
          { path: paths.teach, element: <TeachPage /> },
          { path: paths.teachBatch.pattern, element: <TeachBatchPage /> },
          { path: paths.teachBatchAssignments.pattern, element: <TeachBatchAssignmentsPage /> },
          { path: paths.teachAssignment.pattern, element: <TeachAssignmentPage /> },
          { path: paths.teachQuestions, element: <TeachQuestionsPage /> },
          { path: paths.teachTests, element: <TeachTestsPage /> },
          { path: paths.teachTest.pattern, element: <TeachTestPage /> },
          ...paths.policies.map((path) => ({ path, element: <PolicyPage /> })),
          { path: paths.accountPrivacy, element: <AccountPrivacyPage /> },
          { path: paths.guardianConfirm, element: <GuardianConfirmPage /> },
          { path: paths.confirmEmail, element: <ConfirmEmailPage /> },
          { path: paths.undoEmailChange, element: <UndoEmailChangePage /> },
          { path: paths.notifications, element: <NotificationsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

const NOTHING: Preloaded = {};

/**
 * The routes in the browser's `<BrowserRouter>` (src/app/app.tsx) and the server's `<StaticRouter>`
 * (src/entry-server.tsx): the same tree on both sides, so hydration matches. React Router's declarative
 * mode: the routes have no loaders or actions, and the data router's code (~17 kB gzip) stays off the
 * home page. `preloaded`, the data the server rendered the page with, serves the first location only:
 * from the first client-side navigation on, pages load their own data (and show their loading texts).
 */
export function AppRoutes({ preloaded = NOTHING }: { preloaded?: Preloaded }) {
  const location = useLocation();
  const [firstKey] = useState(location.key);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && location.key !== firstKey) setNavigated(true);
  const element = useRoutes(routes);
  return <PreloadedContext.Provider value={navigated ? NOTHING : preloaded}>{element}</PreloadedContext.Provider>;
}

/** Tests render the same routes in memory (a data router: tests read and drive `router.state`). */
export const createTestRouter = (initialPath: string) => createMemoryRouter(routes, { initialEntries: [initialPath] });
