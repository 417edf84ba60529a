import { useSyncExternalStore } from 'react';
import { PASSKEY_HOST_MESSAGES } from '../../contract/index.ts';
import { Notice } from '../components/notice.tsx';

/**
 * Passkeys need the site's name: WebAuthn's relying party ID is a domain, and a browser refuses a passkey
 * ceremony on a page reached at an IP address (WebAuthn Level 3, sections 5.1.3 and 5.1.4.1; decision
 * records 055 and 067). At such an address the login page offers no passkey button and the account's
 * passkey section says why, linking to the same page at localhost when the address is this machine's.
 */

/** An IPv4 or IPv6 literal (as location.hostname gives it: IPv6 in brackets). */
function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
}

const noop = () => () => undefined;

/** The page's address when it is an IP address (passkeys cannot work there), else null (also on the server). */
export function usePasskeyBlockedAddress(): URL | null {
  const href = useSyncExternalStore(
    noop,
    () => window.location.href,
    () => null,
  );
  if (!href) return null;
  const url = new URL(href);
  return isIpAddress(url.hostname) ? url : null;
}

/** The same page at localhost when the IP address is this machine's loopback, else null. */
function localhostAddress(url: URL): string | null {
  if (url.hostname !== '127.0.0.1' && url.hostname !== '[::1]') return null;
  return `${url.protocol}//localhost${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}`;
}

/** The account's passkey section at an IP address: why passkeys cannot be used here, and where they can. */
export function PasskeysNeedName({ address }: { address: URL }) {
  const localhost = localhostAddress(address);
  return (
    <Notice kind="info">
      {PASSKEY_HOST_MESSAGES.needsName}{' '}
      {localhost ? <a href={localhost}>{PASSKEY_HOST_MESSAGES.openLocalhost}</a> : PASSKEY_HOST_MESSAGES.openDomain}
    </Notice>
  );
}
