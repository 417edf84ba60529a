import { AccountPage } from '../../features/account/components/account-page.tsx';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { accountMachines } from '../composition/account.ts';

/** /account: every signed-in person (the guard comes with the page's chunk). */
export const AccountRoute = () => (
  <RequireAuth>
    <AccountPage machines={accountMachines} />
  </RequireAuth>
);
