import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { gatewayReturnFrom } from '../../features/checkout/api/gateway.ts';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { dashboardMachines } from '../composition/dashboard.ts';

/**
 * /dashboard — coming back from the sandbox gateway's page (a card's Complete Payment), the URL carries
 * its outcome; it is read once, dropped from the address bar and handed to that payment's card. The guard
 * comes with the page's chunk: the public pages' JavaScript does not carry it.
 */
export function DashboardRoute() {
  const location = useLocation();
  const [gatewayReturn] = useState(() => gatewayReturnFrom(location.search));
  if (gatewayReturn && location.search && typeof window !== 'undefined')
    window.history.replaceState(window.history.state, '', location.pathname);
  return (
    <RequireAuth>
      <DashboardPage machines={dashboardMachines} gatewayReturn={gatewayReturn} />
    </RequireAuth>
  );
}
