import type { TableClass } from './class.ts';

/**
 * The notifications domain's tables (migration 032), classified for the data export (decision record
 * 046): a student's notifications, channel settings and choices, the messages sent to them, and what
 * they asked and replied on lessons are theirs. An erasure deletes the notifications, settings and
 * choices (and the messages sent for those notifications, with their numbers), and blanks their
 * questions' and replies' text (repositories/personal-data.ts).
 */
export const NOTIFY_DATA: Record<string, TableClass> = {
  notifications: {
    file: 'notifications',
    exported: ['id', 'kind', 'event', 'title', 'body', 'link', 'urgent', 'read_at', 'created_at'],
    withheld: { user_id: 'the account itself', emailed: 'whether the event wrote its own email (in emails)' },
  },
  notification_settings: {
    file: 'notification_settings',
    exported: ['whatsapp_opt_in', 'sms_stopped', 'updated_at'],
    withheld: { user_id: 'the account itself' },
  },
  notification_preferences: {
    file: 'notification_preferences',
    exported: ['kind', 'channel', 'enabled'],
    withheld: { user_id: 'the account itself' },
  },
  message_outbox: {
    file: 'messages',
    exported: ['id', 'notification_id', 'channel', 'phone', 'params', 'status', 'created_at', 'sent_at', 'status_at'],
    notPersonal: ['urgent', 'attempts', 'next_attempt_at', 'locked_until', 'fallback_of'],
    withheld: {
      user_id: 'the account itself',
      provider_message_id: 'the provider’s reference, of no use to its owner',
      last_error: 'the provider’s answer, for the office',
    },
  },
  lesson_questions: {
    file: 'lesson_questions',
    exported: ['id', 'lesson_id', 'batch_id', 'body', 'accepted_reply_id', 'created_at'],
    withheld: { author_id: 'the account itself', hidden_at: 'the office’s moderation' },
  },
  lesson_question_replies: {
    file: 'lesson_question_replies',
    exported: ['id', 'question_id', 'body', 'created_at'],
    withheld: { author_id: 'the account itself', hidden_at: 'the office’s moderation' },
  },
  message_templates: {
    notPersonal: [
      ...['id', 'event', 'channel', 'provider_name', 'language', 'approved_text', 'variables', 'promotional'],
      'created_at',
    ],
  },
  batch_announcements: {
    notPersonal: [
      ...['id', 'batch_id', 'author_id', 'title', 'body', 'urgent', 'recipients', 'created_at'],
      ...['fanned_out_through', 'fanned_out_at'],
    ],
  },
};
