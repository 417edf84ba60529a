import { z } from 'zod';
import * as C from '../../../contract/index.ts';
import { PaginatedOf, type Operation } from '../../platform/openapi-operation.ts';

/** Notifications (decision records 073 and 074): the centre, channels, announcements, questions, webhooks. */

export const NOTIFY_NAMED: Record<string, z.ZodType> = {
  Notification: C.Notification,
  NotificationPreferences: C.Preferences,
  Announcement: C.Announcement,
  LessonQuestion: C.LessonQuestion,
  AdminMessage: C.AdminMessage,
};

const P = C.NOTIFY_PATHS;
const tag = 'Notifications';
const Created = z.object({ id: z.number() });
const Unread = z.object({ unread: z.number() });
const Ok = z.object({ ok: z.literal(true) });
const op = (o: Omit<Operation, 'tag'>): Operation => ({ ...o, tag });

export const NOTIFY_OPERATIONS: Operation[] = [
  op({
    method: 'get',
    path: P.list,
    summary: 'The caller’s notifications, newest first, with the unread count',
    access: 'user',
    query: C.NotificationQuery,
    responses: { 200: C.NotificationPage },
  }),
  op({
    method: 'post',
    path: P.read,
    summary: 'Mark notifications read: some ids, or all',
    access: 'user',
    body: C.MarkReadInput,
    responses: { 200: Unread },
    errors: [400],
  }),
  op({
    method: 'get',
    path: P.stream,
    summary:
      'The unread count as server-sent events: `event: unread` with `data: {"unread", "latest_id"}` at once and after every change, a comment every 25 s; one request for its whole life (at most 5 a user: 429), ended at the access token’s expiry',
    access: 'user',
    responses: { 200: 'events' },
    errors: [429],
  }),
  op({
    method: 'get',
    path: P.preferences,
    summary: 'The caller’s number, WhatsApp opt-in and channels per kind',
    access: 'user',
    responses: { 200: C.Preferences },
  }),
  op({
    method: 'put',
    path: P.preferences,
    summary: 'Choose channels per kind (WhatsApp needs the opt-in, SMS a number)',
    access: 'user',
    body: C.PreferencesInput,
    responses: { 200: C.Preferences },
    errors: [400],
  }),
  op({
    method: 'post',
    path: P.whatsapp,
    summary: 'Opt in to WhatsApp with a number, or withdraw (a consent record either way)',
    access: 'user',
    body: C.WhatsAppChoice,
    responses: { 200: C.Preferences },
    errors: [400],
  }),
  op({
    method: 'post',
    path: P.announcements(),
    summary: 'Announce to every active student of the batch (its instructor or an administrator)',
    access: 'user',
    body: C.AnnouncementInput,
    responses: { 201: C.Announcement },
    errors: [400, 403, 404],
  }),
  op({
    method: 'get',
    path: P.lessonQuestions(),
    summary: 'A lesson’s questions the caller may see, answered first',
    access: 'user',
    responses: { 200: z.array(C.LessonQuestion) },
    errors: [403, 404],
  }),
  op({
    method: 'post',
    path: P.lessonQuestions(),
    summary: 'Ask a question on a lesson (a student of a batch of its program)',
    access: 'user',
    body: C.LessonQuestionInput,
    responses: { 201: Created },
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: P.replies(),
    summary: 'Reply to a question (its batch’s people)',
    access: 'user',
    body: C.ReplyInput,
    responses: { 201: Created },
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: P.accept(),
    summary: 'Accept a reply as the answer (the batch’s instructor)',
    access: 'user',
    body: C.AcceptInput,
    responses: { 204: null },
    errors: [400, 403, 404],
  }),
  op({
    method: 'post',
    path: P.hideQuestion(),
    summary: 'Hide a question (audited with the reason)',
    access: 'admin',
    body: C.HideInput,
    responses: { 204: null },
    errors: [400, 404],
  }),
  op({
    method: 'post',
    path: P.hideReply(),
    summary: 'Hide a reply (audited with the reason)',
    access: 'admin',
    body: C.HideInput,
    responses: { 204: null },
    errors: [400, 404],
  }),
  op({
    method: 'get',
    path: P.messages,
    summary: 'WhatsApp, SMS and email messages with status and fallback, numbers masked (filter by channel, status)',
    access: 'admin',
    query: C.MessageQuery,
    responses: { 200: PaginatedOf(C.AdminMessage) },
  }),
  op({
    method: 'get',
    path: P.whatsappWebhook,
    summary: 'The hub.challenge handshake (403 on a wrong verify token)',
    access: 'public',
    responses: { 200: z.string() },
    errors: [403],
  }),
  op({
    method: 'post',
    path: P.whatsappWebhook,
    summary: 'WhatsApp statuses and replies, X-Hub-Signature-256 over the raw body',
    access: 'public',
    responses: { 200: Ok },
    errors: [401],
  }),
  op({
    method: 'post',
    path: P.smsWebhook,
    summary: 'SMS delivery reports and replies, X-Sms-Signature over the raw body',
    access: 'public',
    responses: { 200: Ok },
    errors: [401],
  }),
];
