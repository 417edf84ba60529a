/**
 * Passkeys' relying party (decision record 055): WEBAUTHN_ORIGIN (default: the origin of PUBLIC_BASE_URL
 * when set, else of PUBLIC_URL, http://localhost:<PORT> in demo) and WEBAUTHN_RP_ID (default: that
 * origin's host). WebAuthn Level 3, section 5.1.3 step 8 and 5.1.4.1 step 7: the RP ID must be the
 * origin's effective domain or a registrable suffix of it; an IP address cannot be one. Refused at start
 * when set explicitly.
 */
export type WebauthnConfig = { rpId: string; origin: string };

export function webauthnFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): WebauthnConfig {
  const raw = env.WEBAUTHN_ORIGIN?.trim() || env.PUBLIC_BASE_URL?.trim() || publicUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`WEBAUTHN_ORIGIN must be an origin such as https://www.example.in, got "${raw}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`WEBAUTHN_ORIGIN must be an http(s) origin, got "${raw}".`);
  }
  const explicit = Boolean(env.WEBAUTHN_RP_ID?.trim() || env.WEBAUTHN_ORIGIN?.trim());
  const rpId = (env.WEBAUTHN_RP_ID?.trim() || url.hostname).toLowerCase();
  const ip = /^[0-9.]+$/.test(rpId) || rpId.includes(':') || rpId.startsWith('[');
  // A site reached at an IP address (PUBLIC_BASE_URL=http://10.0.0.5:8000) cannot use passkeys at all:
  // the browser refuses the ceremony. Said at start only when passkeys were configured on purpose.
  if (ip && !explicit) return { rpId, origin: url.origin };
  if (ip) {
    throw new Error(`WEBAUTHN_RP_ID must be a domain name (an IP address cannot be one), got "${rpId}".`);
  }
  if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) {
    throw new Error(`WEBAUTHN_RP_ID "${rpId}" must be the host of WEBAUTHN_ORIGIN (${url.origin}) or end it.`);
  }
  return { rpId, origin: url.origin };
}
