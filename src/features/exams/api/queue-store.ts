import { ApiError } from '../../../../contract/index.ts';
import { attemptsWithQueuedAnswers, EXAM_QUEUE_PREFIX } from '../../../lib/device-leftovers.ts';
import { saveAnswer, type SaveInput } from './exams-api.ts';

/**
 * The saves not yet acknowledged, kept on this device (decision record 072) so that a reload or a closed
 * tab loses none: written by the exam screen whenever its queue changes, sent before the attempt is
 * loaded again.
 */
const key = (attemptId: number) => `${EXAM_QUEUE_PREFIX}${attemptId}`;

export function keepQueue(attemptId: number, queue: SaveInput[]): void {
  try {
    if (queue.length) localStorage.setItem(key(attemptId), JSON.stringify(queue));
    else localStorage.removeItem(key(attemptId));
  } catch {
    // Storage full or refused (a private window): the queue still lives in the page.
  }
}

function storedQueue(attemptId: number): SaveInput[] {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(key(attemptId)) ?? '[]');
    return Array.isArray(data)
      ? data.filter(
          (s): s is SaveInput =>
            typeof s === 'object' && s !== null && typeof s.question === 'number' && typeof s.seq === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Sends the saves a previous page left queued, in order; one the server refuses (time up, submitted) is
 * dropped. A network failure leaves them kept and fails the load (the screen offers Try again).
 */
export async function sendStoredQueue(attemptId: number): Promise<void> {
  const queue = storedQueue(attemptId);
  for (const save of queue) {
    await saveAnswer(attemptId, save).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  }
  if (queue.length) keepQueue(attemptId, []);
}

/**
 * Before logging out: every attempt's waiting saves are sent while the session still holds (a save the
 * server refuses is dropped, as on reload). One that cannot reach the server is given up: the device is
 * being handed on, and the answers already acknowledged are kept on the server.
 */
export async function sendEveryStoredQueue(): Promise<void> {
  for (const attemptId of attemptsWithQueuedAnswers()) {
    await sendStoredQueue(attemptId).catch(() => undefined);
  }
}
