import { createHash, createHmac, randomBytes } from 'node:crypto';
import { PLACEMENT_PAGES } from '../../../contract/placement-paths.ts';

/**
 * The employer's confirmation links (decision record 070), made like password reset links (decision record
 * 042): the database keeps a random nonce and the SHA-256 of the token; the token is an HMAC of the nonce
 * under a key derived from the server's secret, so neither the database, a backup nor the admin Outbox
 * (which stores CONFIRMATION_LINK_PLACEHOLDER) gives a link back. The mail worker writes the link in as it
 * sends.
 */
export const CONFIRMATION_LINK_PLACEHOLDER = '[offer confirmation link: written into the email only as it is sent]';
export const CONFIRMATION_LIFETIME_HOURS = 24;

export const confirmationLinkKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('offer-confirmation-link/v1').digest();
export const newLinkNonce = (): string => randomBytes(32).toString('base64url');
export const confirmationToken = (key: Buffer, nonce: string): string =>
  createHmac('sha256', key).update(nonce).digest('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
/** The token rides in the fragment: no request log, proxy or Referer carries it (the page posts it). */
export const confirmationLink = (publicUrl: string, token: string): string =>
  `${publicUrl}${PLACEMENT_PAGES.confirm}#token=${token}`;

/** The host of a website ("https://www.hdfcbank.com/careers" → "hdfcbank.com"), without "www.". */
export function siteDomain(website: string): string | null {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** An address on the domain or one of its subdomains ("hr@careers.hdfcbank.com" is on hdfcbank.com). */
export function onDomain(email: string, domain: string): boolean {
  const host = email.split('@')[1]?.toLowerCase() ?? '';
  return host === domain || host.endsWith(`.${domain}`);
}
