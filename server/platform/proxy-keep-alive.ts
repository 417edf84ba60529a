import type { Config } from '../config.ts';

/**
 * How long the deployment's proxy keeps an idle connection to an instance (`keepalive_timeout` in
 * deploy/nginx/ccinstitute-upstream.conf; a contract test keeps the two equal). The instances must keep theirs
 * open longer, so that the proxy, not the instance, closes it (decision record 094).
 */
export const PROXY_IDLE_SECONDS = 4;

/**
 * Behind a proxy (TRUST_PROXY), a keep-alive timeout at or below the proxy's idle timeout lets an instance close
 * a connection as the proxy sends a request on it, and the proxy never sends a POST again: its client gets 502.
 * The start's warning, or null.
 */
export function keepAliveWarning(config: Config): string | null {
  if (!config.trustProxy || config.keepAliveTimeoutSeconds > PROXY_IDLE_SECONDS) return null;
  return (
    `KEEP_ALIVE_TIMEOUT_SECONDS is ${config.keepAliveTimeoutSeconds}: behind a proxy it must stay above the ` +
    `proxy's idle timeout for its connections to this instance (deploy/nginx closes them after ` +
    `${PROXY_IDLE_SECONDS} s), else a POST can fail with 502. Raise it, or lower the proxy's (docs/operations.md).`
  );
}
