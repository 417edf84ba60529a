/**
 * WhatsApp and SMS settings (decision record 073), from the environment (README, "Configuration").
 * With MESSAGE_SANDBOX on (the default in demo mode) and no API base given, both go to the local sandbox
 * mounted on this server; otherwise each needs its credentials, and without them that channel is off
 * (its messages fall back to the next channel).
 */
export type NotifyConfig = {
  sandbox: boolean;
  whatsapp: {
    apiBase: string | null;
    version: string;
    phoneNumberId: string;
    accessToken: string | null;
    appSecret: string | null;
    verifyToken: string | null;
  };
  sms: {
    apiBase: string | null;
    authKey: string | null;
    sender: string;
    peId: string;
    webhookSecret: string | null;
  };
  /** Hosts a message may link to (INSTITUTE_DOMAINS; default: PUBLIC_URL's host). */
  linkHosts: string[];
  /** How long a sent WhatsApp message may go undelivered before the SMS fallback (NOTIFY_FALLBACK_MINUTES). */
  fallbackMinutes: number;
  /** Messages a second this process hands to the providers at most (NOTIFY_SEND_PER_SECOND, default 80: WhatsApp's). */
  sendPerSecond: number;
  /** An announcement to more students than this has its notifications written by the worker (NOTIFY_FANOUT_INLINE). */
  fanOutInline: number;
  pollMs: number;
  /** The unread count's server-sent events (decision record 080). */
  stream: StreamConfig;
};

/** GET /classroom/notifications/stream/ (decision record 080), from NOTIFY_STREAM_* (README, "Configuration"). */
export type StreamConfig = {
  /** Streams one user may hold open at once (NOTIFY_STREAM_PER_USER); one more is answered 429. */
  perUser: number;
  /** How often this process's one watcher looks for new notifications (NOTIFY_STREAM_POLL_MS). */
  pollMs: number;
  /** A comment line on every open stream this often (NOTIFY_STREAM_HEARTBEAT_SECONDS), below the proxy's read timeout. */
  heartbeatMs: number;
};

const text = (value: string | undefined) => value?.trim() || null;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  return n;
}

/** The stream's settings: at most 5 streams a user, a look every second, a heartbeat every 25 s (nginx reads for 60 s). */
export const loadStreamConfig = (env: NodeJS.ProcessEnv): StreamConfig => ({
  perUser: whole(env, 'NOTIFY_STREAM_PER_USER', 5, 1, 50),
  pollMs: whole(env, 'NOTIFY_STREAM_POLL_MS', 1000, 200, 10_000),
  heartbeatMs: whole(env, 'NOTIFY_STREAM_HEARTBEAT_SECONDS', 25, 5, 50) * 1000,
});

export function loadNotifyConfig(env: NodeJS.ProcessEnv, demoMode: boolean, publicUrl: string): NotifyConfig {
  const fallbackMinutes = Number(env.NOTIFY_FALLBACK_MINUTES ?? 5);
  if (!Number.isInteger(fallbackMinutes) || fallbackMinutes < 1 || fallbackMinutes > 1440) {
    throw new Error(
      `NOTIFY_FALLBACK_MINUTES must be whole minutes from 1 to 1440, got "${env.NOTIFY_FALLBACK_MINUTES}".`,
    );
  }
  const hosts = (env.INSTITUTE_DOMAINS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    sandbox: env.MESSAGE_SANDBOX === undefined ? demoMode : ['1', 'true', 'yes', 'on'].includes(env.MESSAGE_SANDBOX),
    whatsapp: {
      apiBase: text(env.WHATSAPP_API_BASE)?.replace(/\/+$/, '') ?? null,
      version: text(env.WHATSAPP_API_VERSION) ?? 'v21.0',
      phoneNumberId: text(env.WHATSAPP_PHONE_NUMBER_ID) ?? '100000000000001',
      accessToken: text(env.WHATSAPP_ACCESS_TOKEN),
      appSecret: text(env.WHATSAPP_APP_SECRET),
      verifyToken: text(env.WHATSAPP_VERIFY_TOKEN),
    },
    sms: {
      apiBase: text(env.SMS_API_BASE)?.replace(/\/+$/, '') ?? null,
      authKey: text(env.SMS_AUTH_KEY),
      sender: text(env.SMS_SENDER) ?? 'CCINST',
      peId: text(env.SMS_PE_ID) ?? '1001000000000000001',
      webhookSecret: text(env.SMS_WEBHOOK_SECRET),
    },
    linkHosts: hosts.length ? hosts : [new URL(publicUrl).host.toLowerCase()],
    fallbackMinutes,
    sendPerSecond: whole(env, 'NOTIFY_SEND_PER_SECOND', 80, 1, 1000),
    fanOutInline: whole(env, 'NOTIFY_FANOUT_INLINE', 250, 0, 5000),
    pollMs: 1000,
    stream: loadStreamConfig(env),
  };
}
