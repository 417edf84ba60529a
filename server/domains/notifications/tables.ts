import type { Generated, Selectable } from 'kysely';

/** The notifications domain's tables (migration 032, decision records 073 and 074). */

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  event: string;
  title: string;
  body: string;
  link: string | null;
  urgent: Generated<number>;
  /** The event wrote its own email already (the seven emails of before issue 36): no email channel row. */
  emailed: Generated<number>;
  read_at: string | null;
  created_at: string;
}

/** The number is the account's own, `users.phone` (migration 040, decision record 084): not kept here. */
export interface NotificationSettingsTable {
  user_id: number;
  whatsapp_opt_in: Generated<number>;
  sms_stopped: Generated<number>;
  updated_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  channel: string;
  enabled: number;
}

export interface MessageTemplatesTable {
  id: Generated<number>;
  event: string;
  channel: string;
  /** WhatsApp: the template's name at Meta; SMS: the DLT template id. */
  provider_name: string;
  language: Generated<string>;
  /** The approved text: WhatsApp {{1}}…; DLT {#var#} for each variable. */
  approved_text: string;
  /** JSON array of the variables' names, in order. */
  variables: Generated<string>;
  promotional: Generated<number>;
  created_at: string;
}

export interface MessageOutboxTable {
  id: Generated<number>;
  notification_id: number;
  user_id: number;
  channel: string;
  phone: string | null;
  /** JSON array of the template's variable values, in order. */
  params: Generated<string>;
  urgent: Generated<number>;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  provider_message_id: string | null;
  last_error: string | null;
  fallback_of: number | null;
  created_at: string;
  sent_at: string | null;
  status_at: string | null;
}

export interface BatchAnnouncementsTable {
  id: Generated<number>;
  batch_id: number;
  author_id: number | null;
  title: string;
  body: string;
  urgent: Generated<number>;
  recipients: Generated<number>;
  created_at: string;
  /** The highest student id whose notification is written (decision record 086). */
  fanned_out_through: Generated<number>;
  /** When every recipient's notification is written; null while the worker is still writing them. */
  fanned_out_at: string | null;
}

export interface LessonQuestionsTable {
  id: Generated<number>;
  lesson_id: number;
  batch_id: number;
  author_id: number | null;
  body: string;
  accepted_reply_id: number | null;
  hidden_at: string | null;
  created_at: string;
}

export interface LessonQuestionRepliesTable {
  id: Generated<number>;
  question_id: number;
  author_id: number | null;
  body: string;
  hidden_at: string | null;
  created_at: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type MessageRow = Selectable<MessageOutboxTable>;
export type MessageTemplateRow = Selectable<MessageTemplatesTable>;

export type NotificationTables = {
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_preferences: NotificationPreferencesTable;
  message_templates: MessageTemplatesTable;
  message_outbox: MessageOutboxTable;
  batch_announcements: BatchAnnouncementsTable;
  lesson_questions: LessonQuestionsTable;
  lesson_question_replies: LessonQuestionRepliesTable;
};
