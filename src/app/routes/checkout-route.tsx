import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { gatewayReturnFrom } from '../../features/checkout/api/gateway.ts';
import { takeCheckoutDraft } from '../../features/checkout/api/draft.ts';
import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx';
import { appCheckoutMachine } from '../composition/checkout.ts';
import { appConfigLoader, pricingOf } from '../composition/config.ts';
import { useLoaderMachine } from '../../lib/use-preloaded-machine.ts';

/**
 * /payment/:type/:id — a new checkout machine for each course (the key). Coming back from the sandbox
 * gateway's page, the URL carries its outcome; it is read once and dropped from the address bar.
 */
export function CheckoutRoute() {
  const { type = '', id = '' } = useParams();
  const location = useLocation();
  // GET /api/config/: how prices are taxed, for the summary's GST split; the privacy notice's version.
  const [config] = useLoaderMachine(appConfigLoader, {});
  const [gatewayReturn] = useState(() => gatewayReturnFrom(location.search));
  // What the student submitted before the gateway's page: a declined or cancelled payment keeps it.
  const [draft] = useState(() => (gatewayReturn ? takeCheckoutDraft(type, id, gatewayReturn.paymentId) : null));
  if (gatewayReturn && location.search) window.history.replaceState(window.history.state, '', location.pathname);
  return (
    <CheckoutPage
      key={`${type}/${id}`}
      logic={appCheckoutMachine}
      courseType={type}
      courseId={id}
      gatewayReturn={gatewayReturn}
      draft={draft}
      pricing={pricingOf(config.context.data)}
      noticeVersion={config.context.data?.privacy_notice_version ?? null}
    />
  );
}
