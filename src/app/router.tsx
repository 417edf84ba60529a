import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { MainLayout } from '../components/layout/main-layout.tsx';
import { NotFoundPage, RouteErrorPage } from '../components/status-pages.tsx';
import { RequireAdmin, RequireAuth } from '../features/auth/components/guards.tsx';
import { HomePage } from '../features/marketing/components/home-page.tsx';
import { paths } from '../config/paths.ts';
import { RootRoute } from './root-route.tsx';

/** Route-level code splitting: the home page ships alone; admin and checkout are their own chunks. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = page(() => import('./routes/login-route.tsx'), 'LoginRoute');
const RegisterPage = page(() => import('../features/auth/components/register-page.tsx'), 'RegisterPage');
const AboutPage = page(() => import('../features/marketing/components/about-page.tsx'), 'AboutPage');
const ContactPage = page(() => import('../features/contact/components/contact-page.tsx'), 'ContactPage');
const PlacementPage = page(() => import('./routes/catalogue-routes.tsx'), 'PlacementRoute');
const ProgramsPage = page(() => import('./routes/catalogue-routes.tsx'), 'ProgramsRoute');
const FacultyPage = page(() => import('./routes/catalogue-routes.tsx'), 'FacultyRoute');
const WorkshopsPage = page(() => import('./routes/catalogue-routes.tsx'), 'WorkshopsRoute');
const ResourcesPage = page(() => import('./routes/catalogue-routes.tsx'), 'ResourcesRoute');
const DashboardPage = page(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute');
const AdminPage = page(() => import('./routes/admin-route.tsx'), 'AdminRoute');
const CheckoutPage = page(() => import('./routes/checkout-route.tsx'), 'CheckoutRoute');

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      // No page chrome.
      { path: paths.login, element: <LoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.checkout.pattern, element: <CheckoutPage /> },
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.programs, element: <ProgramsPage /> },
          { path: paths.faculty, element: <FacultyPage /> },
          { path: paths.workshops, element: <WorkshopsPage /> },
          { path: paths.placement, element: <PlacementPage /> },
          { path: paths.resources, element: <ResourcesPage /> },
          { path: paths.contact, element: <ContactPage /> },
          {
            path: paths.dashboard,
            element: (
              <RequireAuth>
                <DashboardPage />
              </RequireAuth>
            ),
          },
          {
            path: paths.admin,
            element: (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
/** Tests render the same routes in memory. */
export const createTestRouter = (initialPath: string) => createMemoryRouter(routes, { initialEntries: [initialPath] });
