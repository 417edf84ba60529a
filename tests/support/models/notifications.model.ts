import {
  ApiError,
  type Announcement,
  type LessonQuestion,
  type NotificationPage,
  type Preferences,
} from '../../../contract/index.ts';
import {
  announcementMachine,
  questionThreadMachine,
  notificationBellMachine,
  notificationPreferencesMachine,
  whatsAppOptInMachine,
  type NotificationBellInput,
  type QuestionThreadInput,
} from '../../../machines/index.ts';
import type { MachineModel } from '../machine-model.ts';
import { networkError, serverError } from '../samples.ts';
import { formModel } from './form-submit.model.ts';
import { notYourBatch } from './attendance-sheet.model.ts';

/** Notifications (decision records 073 and 074): the header's bell and the two settings forms. */
export const bellPage: NotificationPage = {
  count: 7,
  unread: 3,
  next: '/classroom/notifications/?page=2&page_size=5',
  previous: null,
  results: [
    {
      id: 7,
      event: 'announcement',
      kind: 'announcements',
      title: 'Class moved to Thursday',
      body: 'This week’s live class is on Thursday at 19:00 IST.',
      link: '/notifications',
      urgent: true,
      read: false,
      created_at: '2026-11-27T12:30:00.000Z',
    },
  ],
};
/** Everything read: the bell shows no count. */
export const bellAllRead: NotificationPage = { ...bellPage, unread: 0, results: [] };

/** The tab's visibility when the bell starts: visible asks at once, hidden waits. */
export const bellVisible: NotificationBellInput = { visible: true };
export const bellHidden: NotificationBellInput = { visible: false };

/** The stream's events (decision record 080): the count rose with a new notification, then all were read. */
export const streamRaised = { type: 'stream.unread', unread: 4, latest_id: 8 } as const;
export const streamAllRead = { type: 'stream.unread', unread: 0, latest_id: 8 } as const;

export const notificationBellModel: MachineModel<NotificationBellInput> = {
  name: 'notification-bell',
  machine: notificationBellMachine,
  actors: ['fetchLatest', 'followUnread'],
  appActions: [],
  inputs: [bellVisible, bellHidden],
  events: [
    { type: 'bell.visible' },
    { type: 'bell.hidden' },
    { type: 'bell.refresh' },
    { type: 'xstate.done.actor.fetchLatest', output: bellPage },
    { type: 'xstate.done.actor.fetchLatest', output: bellAllRead },
    { type: 'xstate.error.actor.fetchLatest', error: networkError },
    // The stream: open, its events, its end by the server, its failure.
    { type: 'stream.open' },
    streamRaised,
    streamAllRead,
    { type: 'xstate.done.actor.followUnread', output: undefined },
    { type: 'xstate.error.actor.followUnread', error: networkError },
    // The delays (the retry, and BELL_POLL_MS while reconnecting): the machine's delayed transitions, as events.
    { type: 'xstate.after.retryDelay.notification-bell.live.stream.reconnecting' },
    { type: 'xstate.after.pollDelay.notification-bell.live.stream.reconnecting.waiting' },
  ],
  // By state alone: the counts and failures are checked along each path, and every transition is still walked.
  stateKey: (snapshot) => snapshot.value,
  kind: ['shortest', 'transitions'],
};

export const sampleSettings: Preferences = {
  phone: null,
  whatsapp_opted_in: false,
  sms_stopped: false,
  kinds: [
    {
      kind: 'class_reminders',
      label: 'Class reminders',
      channels: { email: true, whatsapp: false, sms: false },
    },
  ],
};
export const validPreferences = { kinds: [{ kind: 'class_reminders', channels: sampleSettings.kinds[0]!.channels }] };
export const invalidPreferences = { kinds: [] };
/** The server refuses WhatsApp before the opt-in (400 `{detail}`). */
export const whatsAppFirst = new ApiError(400, {
  detail: 'Turn on WhatsApp with your number first, then choose what it brings you.',
});

export const notificationPreferencesModel = formModel('notification-preferences', notificationPreferencesMachine, {
  valid: validPreferences,
  invalid: invalidPreferences,
  outputs: [sampleSettings],
  errors: [whatsAppFirst, serverError, networkError],
});

export const validOptIn = { phone: '98765 43210', consent: true };
export const invalidOptIn = { phone: '12345', consent: false };
/** The server refuses the number (400 with its words). */
export const numberRefused = new ApiError(400, { detail: 'Enter a 10-digit Indian mobile number.' });

export const whatsAppOptInModel = formModel('whatsapp-opt-in', whatsAppOptInMachine, {
  valid: validOptIn,
  invalid: invalidOptIn,
  outputs: [{ ...sampleSettings, phone: '919876543210', whatsapp_opted_in: true }],
  errors: [numberRefused, networkError],
});

/** /teach/batches/{id}, Announce to the batch. */
export const validAnnouncement = { title: 'Class moved', body: 'Thursday at **19:00 IST**.', urgent: true };
export const invalidAnnouncement = { title: '  ', body: '', urgent: false };
export const sampleAnnouncement: Announcement = {
  id: 4,
  batch_id: 2,
  title: 'Class moved',
  body: 'Thursday at **19:00 IST**.',
  html: '<p>Thursday at <strong>19:00 IST</strong>.</p>',
  urgent: true,
  created_at: '2026-11-27T12:30:00.000Z',
  recipients: 12,
};

export const announcementModel = formModel('announcement', announcementMachine, {
  valid: validAnnouncement,
  invalid: invalidAnnouncement,
  outputs: [sampleAnnouncement],
  errors: [notYourBatch, networkError],
});

/** A lesson's questions: one open, one answered (the server's order: newest first). */
export const openQuestion: LessonQuestion = {
  id: 12,
  lesson_id: 3,
  batch_id: 2,
  author: 'Ravi Kumar',
  body: 'Why does the DSCR use EBITDA and not PAT?',
  answered: false,
  hidden: false,
  created_at: '2026-11-27T10:00:00.000Z',
  replies: [],
};
export const answeredQuestion: LessonQuestion = {
  ...openQuestion,
  id: 11,
  body: 'Is the current ratio computed on book values?',
  answered: true,
  created_at: '2026-11-26T10:00:00.000Z',
  replies: [
    {
      id: 31,
      author: 'Anita Desai',
      author_role: 'instructor',
      body: 'Yes, from the balance sheet.',
      accepted: true,
      hidden: false,
      created_at: '2026-11-26T11:00:00.000Z',
    },
  ],
};
export const threadQuestions: LessonQuestion[] = [openQuestion, answeredQuestion];
/** The thread after a change: one question more. */
export const threadAfterChange: LessonQuestion[] = [{ ...openQuestion, id: 13 }, ...threadQuestions];
/** Not in the question's batch: the server's words. */
export const notInBatch = new ApiError(403, { detail: 'You are not in this question’s batch.' });
export const threadInput: QuestionThreadInput = { lessonId: 3 };
/** A text every form takes (question, reply, reason) and one none does. */
export const threadText = 'Please see the worked example in module 2.';
export const emptyThreadText = '  ';

export const questionThreadModel: MachineModel<QuestionThreadInput> = {
  name: 'question-thread',
  machine: questionThreadMachine,
  actors: ['loadQuestions', 'saveChange'],
  appActions: [],
  inputs: [threadInput],
  events: [
    { type: 'thread.retry' },
    { type: 'thread.compose', draft: { kind: 'ask' } },
    { type: 'thread.compose', draft: { kind: 'reply', questionId: 12 } },
    { type: 'thread.compose', draft: { kind: 'hide', what: 'reply', id: 31 } },
    { type: 'thread.cancel' },
    { type: 'thread.submit', text: threadText },
    { type: 'thread.submit', text: emptyThreadText },
    { type: 'thread.accept', questionId: 11, replyId: 31 },
    { type: 'xstate.done.actor.loadQuestions', output: threadQuestions },
    { type: 'xstate.error.actor.loadQuestions', error: networkError },
    { type: 'xstate.done.actor.saveChange', output: threadAfterChange },
    { type: 'xstate.error.actor.saveChange', error: notInBatch },
  ],
  stateKey: (snapshot) => {
    const c = snapshot.context as { draft: unknown; fieldError: string | null; failure: string | null };
    return { value: snapshot.value, draft: c.draft, fieldError: c.fieldError, failure: c.failure };
  },
  kind: ['shortest', 'transitions'],
};
