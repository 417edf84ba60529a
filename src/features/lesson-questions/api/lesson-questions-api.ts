import { z } from 'zod';
import { LessonQuestion, NOTIFY_PATHS } from '../../../../contract/notifications.ts';
import type { ThreadChange } from '../../../../machines/question-thread.machine.ts';
import { api } from '../../../lib/api-client.ts';

/** Questions on lessons (docs/api.md, "Notifications"), through the one API client (which asks a step-up). */

/** GET /classroom/lessons/{id}/questions/: the questions the caller may see, with their replies. */
export const fetchLessonQuestions = (lessonId: number) =>
  api.list(NOTIFY_PATHS.lessonQuestions(lessonId), LessonQuestion);

const Created = z.object({ id: z.number() });

/** The change's call (ask, reply, accept, hide). */
async function send(change: ThreadChange): Promise<void> {
  switch (change.kind) {
    case 'ask':
      await api.post(NOTIFY_PATHS.lessonQuestions(change.lessonId), { body: change.body }, Created);
      return;
    case 'reply':
      await api.post(NOTIFY_PATHS.replies(change.questionId), { body: change.body }, Created);
      return;
    case 'accept':
      await api.send('POST', NOTIFY_PATHS.accept(change.questionId), { reply_id: change.replyId });
      return;
    case 'hide': {
      const path =
        change.what === 'question' ? NOTIFY_PATHS.hideQuestion(change.id) : NOTIFY_PATHS.hideReply(change.id);
      await api.send('POST', path, { reason: change.reason });
      return;
    }
  }
}

/** The change, then the thread read again: what the page shows is what the server holds. */
export async function saveThreadChange(lessonId: number, change: ThreadChange) {
  await send(change);
  return fetchLessonQuestions(lessonId);
}
