import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { dashboardMachines } from '../composition/dashboard.ts';

export const DashboardRoute = () => <DashboardPage machines={dashboardMachines} />;
