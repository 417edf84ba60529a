import { z } from 'zod';

/**
 * Notifications (issue 36, decision records 073 and 074): the in-app centre, batch announcements,
 * questions on lessons, and the student's channels (email, WhatsApp, SMS) per kind of message.
 */

export const NOTIFY_PATHS = {
  list: '/classroom/notifications/',
  read: '/classroom/notifications/read/',
  /** Server-sent events of the unread count (polling GET list is the fallback). */
  stream: '/classroom/notifications/stream/',
  preferences: '/classroom/notifications/preferences/',
  whatsapp: '/classroom/notifications/whatsapp/',
  announcements: (id: number | string = ':id') => `/api/instructor/batches/${id}/announcements/`,
  lessonQuestions: (id: number | string = ':id') => `/classroom/lessons/${id}/questions/`,
  replies: (id: number | string = ':id') => `/classroom/questions/${id}/replies/`,
  accept: (id: number | string = ':id') => `/classroom/questions/${id}/accept/`,
  hideQuestion: (id: number | string = ':id') => `/api/admin/questions/${id}/hide/`,
  hideReply: (id: number | string = ':id') => `/api/admin/question-replies/${id}/hide/`,
  messages: '/api/admin/messages/',
  whatsappWebhook: '/api/notifications/whatsapp/webhook/',
  smsWebhook: '/api/notifications/sms/webhook/',
} as const;

/** The kinds a student chooses channels for; `questions` is in-app only. */
export const NOTIFY_KINDS = ['class_reminders', 'payments', 'grades_certificates', 'announcements'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number] | 'questions';
export const NOTIFY_KIND_LABELS: Record<(typeof NOTIFY_KINDS)[number], string> = {
  class_reminders: 'Class reminders',
  payments: 'Payments and instalments',
  grades_certificates: 'Grades and certificates',
  announcements: 'Batch announcements',
};

/** Channels beyond the app (in-app is always on). */
export const NOTIFY_CHANNELS = ['email', 'whatsapp', 'sms'] as const;

/** What happened: each event belongs to one kind. */
export const NOTIFY_EVENTS = {
  batch_joined: 'class_reminders',
  session_reminder: 'class_reminders',
  instalment_before: 'payments',
  instalment_due: 'payments',
  instalment_suspended: 'payments',
  payment_completed: 'payments',
  refund: 'payments',
  assignment_graded: 'grades_certificates',
  certificate_issued: 'grades_certificates',
  announcement: 'announcements',
  question_asked: 'questions',
  question_replied: 'questions',
  answer_accepted: 'questions',
} as const satisfies Record<string, NotifyKind>;
export type NotifyEvent = keyof typeof NOTIFY_EVENTS;

export const Notification = z.object({
  id: z.number(),
  event: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the site the notification opens, or null. */
  link: z.string().nullable(),
  urgent: z.boolean(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = z.object({
  count: z.number(),
  unread: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(Notification),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Mark some notifications read (`ids`), or every one (`all: true`). */
export const MarkReadInput = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadInput = z.infer<typeof MarkReadInput>;

/**
 * GET /classroom/notifications/stream/ (decision record 080): `text/event-stream` of `event: unread`, each
 * `data` one UnreadEvent (the first at once, then after every change), a comment line as heartbeat.
 */
export const UnreadEvent = z.object({
  unread: z.number().int().min(0),
  /** The newest notification's id (read or not), or null for none. */
  latest_id: z.number().int().nullable(),
});
export type UnreadEvent = z.infer<typeof UnreadEvent>;
export const NOTIFY_STREAM = {
  event: 'unread',
  /** The client gives up on a stream silent this long (above the longest heartbeat, 50 s) and reconnects. */
  silenceMs: 80_000,
} as const;

const channelChoice = z.object({ email: z.boolean(), whatsapp: z.boolean(), sms: z.boolean() });
export const Preferences = z.object({
  /** The number WhatsApp and SMS go to (digits with the country code, 91…), or null. */
  phone: z.string().nullable(),
  whatsapp_opted_in: z.boolean(),
  /** The number replied STOP to SMS: no SMS until it opts in again. */
  sms_stopped: z.boolean(),
  kinds: z.array(z.object({ kind: z.enum(NOTIFY_KINDS), label: z.string(), channels: channelChoice })),
});
export type Preferences = z.infer<typeof Preferences>;

export const PreferencesInput = z.object({
  kinds: z
    .array(z.object({ kind: z.enum(NOTIFY_KINDS), channels: channelChoice }))
    .min(1, 'Choose the channels of at least one kind of message.')
    .max(4),
});
export type PreferencesInput = z.infer<typeof PreferencesInput>;

/** An Indian mobile number: 10 digits starting 6–9, with or without +91 / 91 / 0. */
export const IndianMobile = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => /^(?:\+?91|0)?[6-9]\d{9}$/.test(s), 'Enter a 10-digit Indian mobile number.')
  .transform((s) => `91${s.slice(-10)}`);

/** WhatsApp opt-in (explicit, with the number; recorded with the consent records) or its withdrawal. */
export const WhatsAppChoice = z.union([
  z.object({ opt_in: z.literal(true), phone: IndianMobile }).strict(),
  z.object({ opt_in: z.literal(false) }).strict(),
]);
export type WhatsAppChoice = z.infer<typeof WhatsAppChoice>;

export const AnnouncementInput = z.object({
  title: z.string().trim().min(1, 'Give the announcement a title.').max(120),
  /** Markdown; rendered on the server with raw HTML off. */
  body: z.string().trim().min(1, 'Write the announcement.').max(5000),
  urgent: z.boolean().default(false),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;

export const Announcement = z.object({
  id: z.number(),
  batch_id: z.number(),
  title: z.string(),
  body: z.string(),
  html: z.string(),
  urgent: z.boolean(),
  created_at: z.string(),
  /** How many active students it went to. */
  recipients: z.number(),
});
export type Announcement = z.infer<typeof Announcement>;

export const LessonQuestionInput = z.object({ body: z.string().trim().min(3, 'Write your question.').max(4000) });
export const ReplyInput = z.object({ body: z.string().trim().min(1, 'Write your reply.').max(4000) });
export const AcceptInput = z.object({ reply_id: z.number().int().positive() });
export const HideInput = z.object({ reason: z.string().trim().min(3, 'Say why it is hidden.').max(500) });

export const Reply = z.object({
  id: z.number(),
  author: z.string(),
  author_role: z.string(),
  body: z.string(),
  accepted: z.boolean(),
  hidden: z.boolean(),
  created_at: z.string(),
});
export const LessonQuestion = z.object({
  id: z.number(),
  lesson_id: z.number(),
  batch_id: z.number(),
  author: z.string(),
  body: z.string(),
  answered: z.boolean(),
  hidden: z.boolean(),
  created_at: z.string(),
  replies: z.array(Reply),
});
export type LessonQuestion = z.infer<typeof LessonQuestion>;
export type Reply = z.infer<typeof Reply>;

/** Where a message stands: queued (pending), on its way, with the provider, and its end. */
export const MESSAGE_STATUSES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'undelivered',
  'refused',
  'cancelled',
  'unknown',
] as const;

/** GET /api/admin/messages/: a page, optionally of one channel and one status. */
export const MessageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  channel: z.enum(NOTIFY_CHANNELS, { error: 'channel is email, whatsapp or sms.' }).optional(),
  status: z.enum(MESSAGE_STATUSES, { error: `status is one of ${MESSAGE_STATUSES.join(', ')}.` }).optional(),
});
export type MessageQuery = z.infer<typeof MessageQuery>;

export const AdminMessage = z.object({
  id: z.number(),
  channel: z.enum(NOTIFY_CHANNELS),
  event: z.string(),
  student: z.string(),
  /** The number with all but its last four digits masked. */
  to: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  /** The message this one is the fallback of. */
  fallback_of: z.number().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;

/**
 * Quiet hours (decision record 074): nothing that is not urgent goes out on WhatsApp, SMS or the message
 * outbox's emails between 21:00 and 09:00 IST; it waits for 09:00. The same for every student (TRAI's
 * window), so the settings show them and offer no choice.
 */
export const QUIET_HOURS = { fromHour: 21, untilHour: 9 } as const;

/** The opt-in's consent text: what the student agrees to by ticking the box (recorded with the number). */
export const WHATSAPP_CONSENT_TEXT =
  'I agree to receive service messages (class reminders, payments, grades and announcements, as chosen below) on WhatsApp at this number. I can turn this off at any time here, or by replying STOP.';

/** The notification screens' own texts (the server's words come first where it gives them). */
export const NOTIFY_UI_MESSAGES = {
  loadFailed: 'Could not load your notifications. Please try again.',
  markFailed: 'Could not mark your notifications as read. Please try again.',
  preferencesLoadFailed: 'Could not load your notification settings. Please try again.',
  saveFailed: 'Could not save your notification settings. Please try again.',
  saved: 'Your notification settings are saved.',
  whatsappFailed: 'Could not change WhatsApp. Please try again.',
  consentRequired: 'Tick the box to agree to WhatsApp messages.',
  announceFailed: 'Could not post the announcement. Please try again.',
  messagesLoadFailed: 'Could not load the messages. Please try again.',
} as const;

/** After an announcement is posted: how many students it reaches (the server's `recipients`). */
export const announcedTo = (recipients: number) =>
  recipients === 0
    ? 'Posted. The batch has no active students yet, so it reached no one.'
    : `Posted to ${recipients} ${recipients === 1 ? 'student' : 'students'} of the batch.`;

/** The WhatsApp opt-in form: an Indian mobile and the explicit consent; sends `{opt_in: true, phone}`. */
export const WhatsAppOptInForm = z.object({
  phone: IndianMobile,
  /** The box ticked: the explicit consent (a form field; the request carries the number only). */
  consent: z.boolean().refine((ticked) => ticked, NOTIFY_UI_MESSAGES.consentRequired),
});
export type WhatsAppOptInForm = z.infer<typeof WhatsAppOptInForm>;

export const NOTIFY_MESSAGES = {
  statusBeforeSend: 'A status for a message this server has not recorded as sent yet: send the event again shortly.',
  notAsker: 'Questions are asked by the batch’s students.',
  noBatch: 'You are not in a batch of this program.',
  notInBatch: 'You are not in this question’s batch.',
  replyElsewhere: 'That reply belongs to another question.',
  noPhone: 'Add your mobile number first.',
  badSignature: 'The signature does not match.',
} as const;
