/**
 * Where the site is reached and what its pages may embed: PUBLIC_BASE_URL (canonical URLs, sitemap), the
 * address configured on purpose (PUBLIC_BASE_URL, else PUBLIC_URL; null: follow the request's address),
 * and LESSON_FRAME_HOSTS, the origins a course page may frame (decision record 066).
 */
export type SiteConfig = {
  /** The address an operator configured (PUBLIC_BASE_URL, else PUBLIC_URL), or null when neither is set. */
  configuredUrl: string | null;
  /** The origins the course page (`/learn/{id}`) may frame: the video players lessons embed. */
  lessonFrameHosts: string[];
};

/** YouTube's privacy-enhanced player and Vimeo's player: the embeds the course page makes (src/features/learn/components/lesson-body.tsx). */
export const DEFAULT_LESSON_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The origin the app reaches itself at (a wildcard listen address is reached through loopback): the local
 * payment and messaging sandboxes call the app's webhooks there.
 */
export function selfOrigin(listen: { host: string; port: number }): string {
  const host = ['0.0.0.0', '::', ''].includes(listen.host) ? '127.0.0.1' : listen.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${listen.port}`;
}

/** PUBLIC_BASE_URL without its trailing slash; default the address the server listens on. */
export function publicBaseUrlFromEnv(value: string | undefined, host: string, port: number): string {
  if (!value) return `http://${host}:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${value}".`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** "https://a.example, https://b.example" → their origins; empty → none (every frame refused). */
function frameHosts(raw: string | undefined): string[] {
  if (raw === undefined) return DEFAULT_LESSON_FRAME_HOSTS;
  return raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((part) => {
      let url: URL | null = null;
      try {
        url = new URL(part);
      } catch {
        url = null;
      }
      if (!url || url.protocol !== 'https:' || url.origin !== part.replace(/\/+$/, '')) {
        throw new Error(
          `LESSON_FRAME_HOSTS must be https origins separated by commas, such as ${DEFAULT_LESSON_FRAME_HOSTS.join(',')} (got "${part}").`,
        );
      }
      return url.origin;
    });
}

export function siteFromEnv(env: NodeJS.ProcessEnv): SiteConfig {
  const configured = env.PUBLIC_BASE_URL?.trim() || env.PUBLIC_URL?.trim() || null;
  return {
    configuredUrl: configured ? configured.replace(/\/+$/, '') : null,
    lessonFrameHosts: frameHosts(env.LESSON_FRAME_HOSTS),
  };
}
