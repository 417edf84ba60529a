import { z } from 'zod';

/**
 * Data protection (India's Digital Personal Data Protection Act 2023): the policy pages, consent per
 * purpose, the data-export and erasure rights, breach incidents and the under-18 rules. Paths, payloads
 * and answers shared by the SPA and the server.
 */
export const PRIVACY_PATHS = {
  policy: (slug: string = ':slug') => `/api/policies/${slug}/`,
  consents: '/classroom/me/consents/',
  dataExport: '/classroom/me/data-export/',
  erasureRequest: '/classroom/me/erasure-request/',
  guardianConfirm: '/auth/guardian-confirm/',
  adminRequests: '/api/admin/privacy-requests/',
  adminRequest: (id: number | string = ':id') => `/api/admin/privacy-requests/${id}/`,
  adminIncidents: '/api/admin/incidents/',
  adminIncident: (id: number | string = ':id') => `/api/admin/incidents/${id}/`,
  adminIncidentNotify: (id: number | string = ':id') => `/api/admin/incidents/${id}/notify/`,
} as const;

/** The public policy pages, each a Markdown file the institute edits (content/policies/<slug>.md). */
export const POLICY_SLUGS = ['privacy', 'terms', 'refund-policy', 'delivery-policy', 'grievance'] as const;
export const PolicySlug = z.enum(POLICY_SLUGS);
export type PolicySlug = z.infer<typeof PolicySlug>;

export const Policy = z.object({
  slug: PolicySlug,
  title: z.string(),
  /** The version of the privacy notice in force (PRIVACY_NOTICE_VERSION): consent records name it. */
  version: z.string(),
  /** The Markdown rendered on the server with raw HTML off (safe to insert). */
  html: z.string(),
});
export type Policy = z.infer<typeof Policy>;

/** Optional purposes a person may consent to, each separately; the service itself needs none of them. */
export const CONSENT_PURPOSES = ['marketing_email', 'whatsapp', 'sms'] as const;
export const ConsentPurpose = z.enum(CONSENT_PURPOSES);
export type ConsentPurpose = z.infer<typeof ConsentPurpose>;
export const CONSENT_LABELS: Record<ConsentPurpose, string> = {
  marketing_email: 'News of new programs, workshops and offers by e-mail',
  whatsapp: 'WhatsApp messages about new programs and workshops',
  sms: 'SMS about new programs and workshops',
};

/** Where a consent was given or withdrawn. */
export const CONSENT_SOURCES = ['registration', 'checkout', 'counseling', 'account'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * What a form sends along (registration, checkout, counseling): the notice version the person was shown
 * and acknowledged, and each optional purpose ticked (absent or false: not consented). Optional, so a
 * client that sends none keeps working.
 */
export const ConsentChoices = z.object({
  notice_version: z.string().trim().min(1).max(40).optional(),
  marketing_email: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
  sms: z.boolean().optional(),
});
export type ConsentChoices = z.infer<typeof ConsentChoices>;

/** POST /classroom/me/consents/: give or withdraw one purpose (one click either way). */
export const ConsentChangeInput = z.object({
  purpose: ConsentPurpose,
  granted: z.boolean({ error: 'Say whether you give (true) or withdraw (false) this consent.' }),
});
export type ConsentChangeInput = z.infer<typeof ConsentChangeInput>;

export const ConsentEvent = z.object({
  purpose: z.string(),
  granted: z.boolean(),
  notice_version: z.string(),
  source: z.string(),
  created_at: z.string(),
});
export type ConsentEvent = z.infer<typeof ConsentEvent>;

export const ConsentState = z.object({
  notice_version: z.string(),
  /** Each purpose's live state: the latest event decides. */
  purposes: z.array(z.object({ purpose: ConsentPurpose, label: z.string(), granted: z.boolean() })),
  /** A minor (under 18) receives nothing marketing, whatever was ticked. */
  minor: z.boolean(),
  history: z.array(ConsentEvent),
});
export type ConsentState = z.infer<typeof ConsentState>;

/** The registration's age question: a date of birth, or "I am 18 or older"; a minor names a parent. */
export const AgeFields = {
  date_of_birth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth as YYYY-MM-DD.')
    .optional(),
  is_adult: z.boolean().optional(),
  parent_name: z.string().trim().max(150).optional(),
  parent_email: z.string().trim().email('Enter a valid email address for your parent or guardian.').optional(),
};

export const GuardianConfirmInput = z.object({ token: z.string().min(10).max(200) });

/** POST /classroom/me/erasure-request/: the password again (a second factor may stand in later). */
export const ErasureRequestInput = z.object({
  password: z.string({ error: 'Enter your password to confirm.' }).min(1, 'Enter your password to confirm.'),
  reason: z.string().trim().max(1000).optional(),
});

export const PRIVACY_REQUEST_STATUSES = ['received', 'verified', 'done', 'refused'] as const;
export const PrivacyRequestStatus = z.enum(PRIVACY_REQUEST_STATUSES);
export type PrivacyRequestStatus = z.infer<typeof PrivacyRequestStatus>;

export const PrivacyRequest = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  username: z.string(),
  kind: z.literal('erasure'),
  status: PrivacyRequestStatus,
  reason: z.string(),
  refusal_reason: z.string(),
  received_at: z.string(),
  due_at: z.string(),
  closed_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequest>;

/** An administrator moves a request on: verify, complete (erases the person) or refuse with a reason. */
export const PrivacyRequestAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify') }),
  z.object({ action: z.literal('complete') }),
  z.object({
    action: z.literal('refuse'),
    reason: z.string().trim().min(1, 'Give the reason for refusing; the person is told it.').max(2000),
  }),
]);
export type PrivacyRequestAction = z.infer<typeof PrivacyRequestAction>;

export const IncidentInput = z.object({
  aware_at: z.iso.datetime({ offset: true, error: 'When did the institute become aware? (ISO date and time)' }),
  data_categories: z.string().trim().min(1, 'Say what personal data was affected.').max(1000),
  people_affected: z.number().int().min(0),
  description: z.string().trim().min(1, 'Describe what happened.').max(5000),
  /** The notice the affected people are sent (plain text). */
  notice_text: z.string().trim().max(5000).optional(),
  /** Who is affected: these addresses, or every account when empty. */
  affected_emails: z.array(z.string().trim().email()).max(100_000).optional(),
});
export type IncidentInput = z.infer<typeof IncidentInput>;

export const Incident = z.object({
  id: z.number(),
  aware_at: z.string(),
  data_categories: z.string(),
  people_affected: z.number(),
  description: z.string(),
  notice_text: z.string(),
  /** 72 hours after aware_at: the detailed report to the Data Protection Board is due. */
  board_report_due_at: z.string(),
  notified_at: z.string().nullable(),
  notified_count: z.number(),
  created_at: z.string(),
});
export type Incident = z.infer<typeof Incident>;

/**
 * An erased account (decision record 046): its identity is replaced by `erased-{id}` and an address under
 * the reserved `.invalid` domain. Lists show it as "account erased" (decision record 066), never as a
 * person who did not submit, attend or pay.
 */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
export const ERASED_ACCOUNT = 'account erased';
export const isErasedEmail = (email: string): boolean => email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
/** "Asha Rao (asha@example.in)", or "account erased" for an erased account. */
export const personLabel = (name: string, email: string): string =>
  isErasedEmail(email) ? ERASED_ACCOUNT : `${name} (${email})`;
/** A person's name where staff read someone's work or record, or "account erased" for an erased account. */
export const nameOrErased = (name: string, email: string | null | undefined): string =>
  email && isErasedEmail(email) ? ERASED_ACCOUNT : name;
