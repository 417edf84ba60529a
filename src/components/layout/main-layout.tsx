import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { PageLoading } from '../page-loading.tsx';

/**
 * Page chrome for every route except /login and checkout. `bell`: the notification bell the header shows
 * to a signed-in user (composed in src/app: shared chrome imports no feature).
 */
export function MainLayout({ bell }: { bell?: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header bell={bell} />
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
