import { AdminPage } from '../../features/admin/components/admin-page.tsx';
import { RequireAdmin } from '../../features/auth/components/guards.tsx';
import { adminMachines } from '../composition/admin.ts';
import { StepUpHost } from '../../features/account/components/step-up-host.tsx';
import { stepUpLogic } from '../composition/account.ts';
import { paths } from '../../config/paths.ts';
import { passkeyStepUp } from '../composition/passkeys.ts';

/** The guard comes with the page's chunk: the public pages' JavaScript does not carry it. */
export const AdminRoute = () => (
  <RequireAdmin>
    <AdminPage machines={adminMachines} />
    <StepUpHost logic={stepUpLogic} accountPath={paths.account} passkey={passkeyStepUp} />
  </RequireAdmin>
);
