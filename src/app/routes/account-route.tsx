import { ACCOUNT_SECTIONS, AccountPage } from '../../features/account/components/account-page.tsx';
import { StepUpHost } from '../../features/account/components/step-up-host.tsx';
import { passkeysSection } from '../../features/account/components/passkeys-section.tsx';
import { fetchPasskeys } from '../../features/account/api/passkey-api.ts';
import { paths } from '../../config/paths.ts';
import { stepUpLogic } from '../composition/account.ts';
import { loaderOf } from '../composition/lists.ts';
import { passkeyRegistration, passkeyStepUp } from '../composition/passkeys.ts';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { PrivacySettings } from '../../features/privacy/components/privacy-settings.tsx';
import { accountMachines } from '../composition/account.ts';
import { appPrivacySettings } from '../composition/privacy.ts';

/** The data-protection settings as the account page's last section (they carry their own heading). */
function PrivacySection() {
  return <PrivacySettings logic={appPrivacySettings} />;
}

/** The passkeys' section right after two-step verification (decision record 055). */
const PASSKEYS = passkeysSection({ list: loaderOf(() => fetchPasskeys()), registration: passkeyRegistration });
const SECTIONS = ACCOUNT_SECTIONS.flatMap((section) => (section.id === 'two-step' ? [section, PASSKEYS] : [section]));

/**
 * /account: every signed-in person (the guard comes with the page's chunk), their privacy settings last.
 * Adding a further passkey or removing one asks for a fresh step-up: the modal, with a code or a passkey.
 */
export const AccountRoute = () => (
  <RequireAuth>
    <AccountPage machines={accountMachines} sections={SECTIONS} privacy={<PrivacySection />} />
    <StepUpHost logic={stepUpLogic} accountPath={paths.account} passkey={passkeyStepUp} />
  </RequireAuth>
);
