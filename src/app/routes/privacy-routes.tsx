import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Policy } from '../../../contract/index.ts';
import { RequireAuth } from '../../features/auth/components/guards.tsx';
import { GuardianConfirmPage } from '../../features/privacy/components/guardian-confirm-page.tsx';
import { PolicyPage } from '../../features/privacy/components/policy-page.tsx';
import { PrivacySettings } from '../../features/privacy/components/privacy-settings.tsx';
import { preloadPolicyKey } from '../../features/privacy/preload-keys.ts';
import { usePreloaded } from '../../lib/preloaded.ts';
import { appPrivacySettings, guardianConfirmation, policyLoader } from '../composition/privacy.ts';

/** /privacy, /terms, /refund-policy, /delivery-policy, /grievance: the slug is the path. */
export function PolicyRoute() {
  const slug = useLocation().pathname.replace(/^\/+|\/+$/g, '');
  const data = Policy.safeParse(usePreloaded(preloadPolicyKey(slug)));
  return <PolicyPage key={slug} slug={slug} loader={policyLoader} preloaded={data.success ? data.data : undefined} />;
}

/** /account/privacy: the privacy settings on a page of their own (the account page embeds the same component). */
export function AccountPrivacyRoute() {
  return (
    <RequireAuth>
      <div className="container">
        <p>
          <Link to="/dashboard">← Dashboard</Link>
        </p>
        <PrivacySettings logic={appPrivacySettings} />
      </div>
    </RequireAuth>
  );
}

export function GuardianConfirmRoute() {
  const [params] = useSearchParams();
  const [logic] = useState(() => guardianConfirmation(params.get('token') ?? ''));
  return <GuardianConfirmPage logic={logic} />;
}
