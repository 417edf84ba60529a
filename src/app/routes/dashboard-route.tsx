import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { dashboardMachines } from '../composition/dashboard.ts';

/** The guard comes with the page's chunk: the public pages' JavaScript does not carry it. */
export const DashboardRoute = () => (
  <RequireAuth>
    <DashboardPage machines={dashboardMachines} />
  </RequireAuth>
);
