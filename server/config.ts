import { loadNotifyConfig, type NotifyConfig } from './domains/notifications/config.ts';
import os from 'node:os';
import path from 'node:path';
import { mfaKeyFromEnv } from './platform/lib/secret-box.ts';
import { loadPrivacyConfig, type PrivacyConfig } from './domains/privacy/config.ts';
import { loadInstalmentConfig, type InstalmentConfig } from './domains/pricing/config-instalments.ts';
import { loadPaymentConfig, type PaymentConfig } from './domains/payments/config.ts';
import { DEMO_INSTITUTE, institute, type Institute } from './domains/billing/config-institute.ts';
import { loadCertificateConfig, type CertificateConfig } from './domains/certificates/config.ts';
import { webauthnFromEnv, type WebauthnConfig } from './domains/accounts/config-webauthn.ts';
import { publicBaseUrlFromEnv, siteFromEnv, type SiteConfig } from './platform/config-site.ts';
import { loadHardeningConfig, type HardeningConfig } from './platform/config-hardening.ts';
import { flag, int } from './platform/config-parse.ts';

export { DEMO_INSTITUTE, missingInvoiceSettings, type Institute } from './domains/billing/config-institute.ts';

/** Everything the server reads from its environment, parsed once (see docs/api.md). */
export type Config = {
  /** `sqlite:<path>`, `sqlite::memory:` or a postgres:// URL. */
  databaseUrl: string;
  port: number;
  host: string;
  demoMode: boolean;
  production: boolean;
  /** Unset outside production: the server generates one and keeps it in the settings table. */
  jwtSecret: string | null;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  /** A rotated refresh token presented again within this many seconds is refused without ending the login. */
  refreshReuseGraceSeconds: number;
  /** Empty: CORS off. */
  corsOrigins: string[];
  staticDir: string;
  /** Serve the build's `.map` files (SERVE_SOURCE_MAPS=1); off: they answer 404. */
  serveSourceMaps: boolean;
  /** Absolute origin (and optional path) the public pages are reached at: canonical URLs, sitemap, Open Graph. */
  publicBaseUrl: string;
  site: SiteConfig;
  bodyLimitBytes: number;
  logger: boolean;
  /** Failed logins allowed per (account, client address) pair within the window, then 429 for that pair only. */
  loginMaxFailuresPerAccountAddress: number;
  /** Failed logins allowed per client address across all accounts (a campus shares one address). */
  loginMaxFailuresPerAddress: number;
  /** Failed logins per account (from any address) after which every next attempt waits a growing delay. */
  loginSlowdownAfterFailuresPerAccount: number;
  /** The longest that delay grows to (it starts at 1 s and doubles with every further failure). */
  loginSlowdownMaxSeconds: number;
  loginWindowSeconds: number;
  /** Counseling requests accepted per client address within the window. */
  counselingMaxPerAddress: number;
  counselingWindowSeconds: number;
  /** Accounts created per client address within the window, then 429. */
  registerMaxPerAddress: number;
  registerWindowSeconds: number;
  /** Emails anyone can trigger for an address they type (welcome, counseling acknowledgement), per recipient per day. */
  mailMaxPerRecipientPerDay: number;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Server processes (node:cluster workers sharing the port); 1 = no cluster. Default: one per core. */
  webConcurrency: number;
  /** Catalogue prices include GST (default); false: GST is added on top at checkout. */
  pricesIncludeGst: boolean;
  /** The supplier printed on tax invoices; empty strings when unset outside demo mode (payments are refused). */
  institute: Institute;
  /** smtp:// or smtps:// URL of the mail relay; null: emails stay in the outbox, readable by administrators. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Base URL of the site, for links in emails. */
  publicUrl: string;
  /** Outbox worker: poll interval, first retry delay (doubling), attempts before giving up, claim lease. */
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number; leaseSeconds: number };
  /**
   * Razorpay (issue 9). All null in demo mode: the local sandbox gateway, with its own test keys. When
   * apiBase is set, the adapter talks to that origin with these keys, in demo mode too.
   */
  razorpay: {
    keyId: string | null;
    keySecret: string | null;
    webhookSecret: string | null;
    /** RAZORPAY_API_BASE as given; null when unset (https://api.razorpay.com, or the sandbox in demo mode). */
    apiBase: string | null;
  };
  /** A gateway call unanswered after this many milliseconds counts as the gateway being down. */
  gatewayTimeoutMs: number;
  /** PAYMENT_SANDBOX: the local sandbox gateway here (default: on in demo mode); when RAZORPAY_API_BASE is unset. */
  paymentSandbox: boolean;
  payments: PaymentConfig; // PAYMENT_HOLD_MINUTES, SANDBOX_ORDER_DELAY_MS (config-payments.ts)
  /** Password reset requests per address and per account within the window. */
  resetMaxPerAddress: number;
  resetMaxPerAccount: number;
  resetWindowSeconds: number;
  /** Where uploaded resource files are kept (UPLOAD_DIR); a directory every instance shares. */
  uploadDir: string;
  /** The largest resource file accepted (UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** The largest assignment submission file accepted (SUBMISSION_MAX_BYTES, default 10 MB; decision 051). */
  submissionMaxBytes: number;
  /** SESSION_REMINDER_HOURS: how many hours before a live session its students are reminded (default 24,1). */
  sessionReminderHours: number[];
  /** INSTALMENT_GRACE_DAYS and INSTALMENT_INVOICE_ON (config-instalments.ts). */
  instalments: InstalmentConfig;
  /** Whole request (headers and body) must arrive within this, else 408 and the connection is closed. */
  requestTimeoutSeconds: number;
  /** The request headers must arrive within this. */
  headersTimeoutSeconds: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutSeconds: number;
  /** SIGTERM: requests in flight get this long to finish, then remaining connections are closed. */
  shutdownTimeoutSeconds: number;
  /** PostgreSQL: waiting for a free pool connection (and for a new one to connect) gives up after this. */
  dbAcquireTimeoutMs: number;
  /** PostgreSQL: any one statement is cancelled after this. */
  dbStatementTimeoutMs: number;
  /** SQLite: waiting for another process's write lock gives up after this. */
  dbBusyTimeoutMs: number;
  /** MFA_ENCRYPTION_KEY (AES-256-GCM for authenticator-app secrets); unset: generated and kept like the JWT secret. */
  mfaEncryptionKey: Buffer | null;
  /** REQUIRE_ADMIN_MFA: administrators must have a second factor (default: on unless demo mode). */
  requireAdminMfa: boolean;
  /** MFA_ISSUER: the name authenticator apps show beside the account. */
  mfaIssuer: string;
  /** Grievance officer, privacy notice version, retention periods (privacy-config.ts). */
  privacy: PrivacyConfig;
  /** CERTIFICATE_MIN_ATTENDANCE and CERTIFICATE_PASS_PERCENT (config-certificates.ts). */
  certificates: CertificateConfig;
  /** WEBAUTHN_RP_ID and WEBAUTHN_ORIGIN: the passkeys' relying party (config-webauthn.ts). */
  webauthn: WebauthnConfig;
  /** Per-account limits and the login's absolute end (config-hardening.ts, decision record 065). */
  hardening: HardeningConfig;
  /** WhatsApp, SMS and the sandbox (domains/notifications/config.ts, decision record 073). */
  notify: NotifyConfig;
};

/** The environment variables payments still need, with the current config; empty when none is missing. */
export function missingRazorpaySettings(config: Config): string[] {
  if (config.paymentSandbox && !config.razorpay.apiBase) return [];
  const missing: string[] = [];
  if (!config.razorpay.keyId) missing.push('RAZORPAY_KEY_ID');
  if (!config.razorpay.keySecret) missing.push('RAZORPAY_KEY_SECRET');
  if (!config.razorpay.webhookSecret) missing.push('RAZORPAY_WEBHOOK_SECRET');
  return missing;
}

const ROOT = path.resolve(import.meta.dirname, '..');

export function databaseUrlFromEnv(value: string | undefined): string {
  if (!value) return `sqlite:${path.join(ROOT, 'data', 'app.sqlite')}`;
  if (/^postgres(ql)?:\/\//.test(value) || value.startsWith('sqlite:')) return value;
  throw new Error(`DATABASE_URL must start with sqlite:, postgres:// or postgresql://, got "${value}".`);
}

function apiBaseFromEnv(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`RAZORPAY_API_BASE must be an origin such as https://api.razorpay.com, got "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`RAZORPAY_API_BASE must be an http(s) origin, got "${value}".`);
  }
  return value.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET || null;
  const demoMode = flag(env.DEMO_MODE, !production);
  const port = int(env.PORT, 8000, 'PORT');
  if (production && !jwtSecret) throw new Error('JWT_SECRET is required when NODE_ENV=production.');
  return {
    databaseUrl: databaseUrlFromEnv(env.DATABASE_URL),
    port,
    host: env.HOST || '127.0.0.1',
    demoMode,
    production,
    jwtSecret,
    accessTokenLifetimeSeconds: int(env.ACCESS_TOKEN_LIFETIME_SECONDS, 300, 'ACCESS_TOKEN_LIFETIME_SECONDS'),
    refreshTokenLifetimeSeconds: int(env.REFRESH_TOKEN_LIFETIME_SECONDS, 86_400, 'REFRESH_TOKEN_LIFETIME_SECONDS'),
    refreshReuseGraceSeconds: int(env.REFRESH_REUSE_GRACE_SECONDS, 10, 'REFRESH_REUSE_GRACE_SECONDS', 0),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    staticDir: path.resolve(ROOT, env.STATIC_DIR || 'dist'),
    serveSourceMaps: flag(env.SERVE_SOURCE_MAPS, false),
    publicBaseUrl: publicBaseUrlFromEnv(env.PUBLIC_BASE_URL, env.HOST || '127.0.0.1', int(env.PORT, 8000, 'PORT')),
    site: siteFromEnv(env),
    bodyLimitBytes: 100 * 1024,
    logger: env.NODE_ENV !== 'test' && flag(env.LOG_REQUESTS, true),
    loginMaxFailuresPerAccountAddress: int(
      env.LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS,
      5,
      'LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS',
    ),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 100, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
    loginSlowdownAfterFailuresPerAccount: int(
      env.LOGIN_SLOWDOWN_AFTER_FAILURES_PER_ACCOUNT,
      20,
      'LOGIN_SLOWDOWN_AFTER_FAILURES_PER_ACCOUNT',
    ),
    loginSlowdownMaxSeconds: int(env.LOGIN_SLOWDOWN_MAX_SECONDS, 60, 'LOGIN_SLOWDOWN_MAX_SECONDS'),
    loginWindowSeconds: int(env.LOGIN_WINDOW_SECONDS, 900, 'LOGIN_WINDOW_SECONDS'),
    counselingMaxPerAddress: int(env.COUNSELING_MAX_PER_ADDRESS, 5, 'COUNSELING_MAX_PER_ADDRESS'),
    counselingWindowSeconds: int(env.COUNSELING_WINDOW_SECONDS, 3600, 'COUNSELING_WINDOW_SECONDS'),
    registerMaxPerAddress: int(env.REGISTER_MAX_PER_ADDRESS, 20, 'REGISTER_MAX_PER_ADDRESS'),
    registerWindowSeconds: int(env.REGISTER_WINDOW_SECONDS, 3600, 'REGISTER_WINDOW_SECONDS'),
    mailMaxPerRecipientPerDay: int(env.MAIL_MAX_PER_RECIPIENT_PER_DAY, 3, 'MAIL_MAX_PER_RECIPIENT_PER_DAY'),
    trustProxy: flag(env.TRUST_PROXY, false),
    webConcurrency: int(env.WEB_CONCURRENCY, os.availableParallelism(), 'WEB_CONCURRENCY'),
    pricesIncludeGst: flag(env.PRICES_INCLUDE_GST, true),
    institute: institute(env, demoMode),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Credit Careers Institute <no-reply@creditcareers.example.in>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    mail: {
      pollMs: int(env.MAIL_POLL_MS, 1000, 'MAIL_POLL_MS'),
      retryBaseMs: int(env.MAIL_RETRY_BASE_MS, 30_000, 'MAIL_RETRY_BASE_MS'),
      maxAttempts: int(env.MAIL_MAX_ATTEMPTS, 8, 'MAIL_MAX_ATTEMPTS'),
      leaseSeconds: int(env.MAIL_LEASE_SECONDS, 120, 'MAIL_LEASE_SECONDS'),
    },
    resetMaxPerAddress: int(env.RESET_MAX_PER_ADDRESS, 10, 'RESET_MAX_PER_ADDRESS'),
    resetMaxPerAccount: int(env.RESET_MAX_PER_ACCOUNT, 3, 'RESET_MAX_PER_ACCOUNT'),
    resetWindowSeconds: int(env.RESET_WINDOW_SECONDS, 3600, 'RESET_WINDOW_SECONDS'),
    uploadDir: path.resolve(ROOT, env.UPLOAD_DIR || path.join('data', 'uploads')),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 20 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    submissionMaxBytes: int(env.SUBMISSION_MAX_BYTES, 10 * 1024 * 1024, 'SUBMISSION_MAX_BYTES'),
    sessionReminderHours: reminderHours(env.SESSION_REMINDER_HOURS),
    instalments: loadInstalmentConfig(env),
    payments: loadPaymentConfig(env),
    razorpay: {
      keyId: env.RAZORPAY_KEY_ID || null,
      keySecret: env.RAZORPAY_KEY_SECRET || null,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || null,
      apiBase: apiBaseFromEnv(env.RAZORPAY_API_BASE),
    },
    gatewayTimeoutMs: 10_000,
    paymentSandbox: flag(env.PAYMENT_SANDBOX, flag(env.DEMO_MODE, !production)),
    requestTimeoutSeconds: int(env.REQUEST_TIMEOUT_SECONDS, 30, 'REQUEST_TIMEOUT_SECONDS'),
    headersTimeoutSeconds: int(env.HEADERS_TIMEOUT_SECONDS, 10, 'HEADERS_TIMEOUT_SECONDS'),
    keepAliveTimeoutSeconds: int(env.KEEP_ALIVE_TIMEOUT_SECONDS, 5, 'KEEP_ALIVE_TIMEOUT_SECONDS'),
    shutdownTimeoutSeconds: int(env.SHUTDOWN_TIMEOUT_SECONDS, 10, 'SHUTDOWN_TIMEOUT_SECONDS'),
    dbAcquireTimeoutMs: int(env.DB_ACQUIRE_TIMEOUT_MS, 5000, 'DB_ACQUIRE_TIMEOUT_MS'),
    dbStatementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    dbBusyTimeoutMs: int(env.DB_BUSY_TIMEOUT_MS, 5000, 'DB_BUSY_TIMEOUT_MS'),
    mfaEncryptionKey: mfaKeyFromEnv(env.MFA_ENCRYPTION_KEY),
    requireAdminMfa: flag(env.REQUIRE_ADMIN_MFA, !demoMode),
    mfaIssuer: env.MFA_ISSUER?.trim() || 'Credit Careers Institute',
    privacy: loadPrivacyConfig(env, demoMode),
    certificates: loadCertificateConfig(env),
    webauthn: webauthnFromEnv(env, (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')),
    hardening: loadHardeningConfig(env),
    notify: loadNotifyConfig(env, demoMode, (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '')),
  };
}

/** "24,1" → [24, 1]: whole hours from 1 to 168, largest first; empty → no reminders. */
function reminderHours(raw: string | undefined): number[] {
  if (raw === undefined) return [24, 1];
  const hours = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  if (hours.some((h) => !Number.isInteger(h) || h < 1 || h > 168)) {
    throw new Error(`SESSION_REMINDER_HOURS must be whole hours from 1 to 168, separated by commas (got "${raw}").`);
  }
  return [...new Set(hours)].sort((a, b) => b - a);
}

/** A config for tests and scripts: the defaults with overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    demoMode: true,
    institute: DEMO_INSTITUTE,
    logger: false,
    paymentSandbox: true,
    ...overrides,
  };
}
