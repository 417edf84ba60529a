import { AccountPage } from '../../features/account/components/account-page.tsx';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { PrivacySettings } from '../../features/privacy/components/privacy-settings.tsx';
import { accountMachines } from '../composition/account.ts';
import { appPrivacySettings } from '../composition/privacy.ts';

/** The data-protection settings as the account page's last section (they carry their own heading). */
function PrivacySection() {
  return <PrivacySettings logic={appPrivacySettings} />;
}

/** /account: every signed-in person (the guard comes with the page's chunk), their privacy settings last. */
export const AccountRoute = () => (
  <RequireAuth>
    <AccountPage machines={accountMachines} privacy={<PrivacySection />} />
  </RequireAuth>
);
