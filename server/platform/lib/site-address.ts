import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/** A Host header as browsers send it: a name or an address, and a port. Anything else is not followed. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The address the site is reached at, for links a person follows from outside the page (the calendar
 * feed and its events, decision record 066): the one configured (PUBLIC_BASE_URL, else PUBLIC_URL) when
 * there is one; else the address this request was sent to (its Host, and its scheme, which honours
 * X-Forwarded-Proto only with TRUST_PROXY), so a site opened at 127.0.0.1 links to 127.0.0.1, not
 * localhost; else (no usable Host) PUBLIC_URL's default.
 */
export function siteAddress(config: Pick<Config, 'site' | 'publicUrl'>, request: FastifyRequest): string {
  if (config.site.configuredUrl) return config.site.configuredUrl;
  const host = request.headers.host;
  if (!host || !HOST.test(host)) return config.publicUrl;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}
