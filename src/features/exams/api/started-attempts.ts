import type { AttemptView } from '../../../../contract/index.ts';

/**
 * The attempt the exam page's opening just started, with the device's time its answer arrived, kept for the
 * attempt's machine to take once instead of reading the same attempt again (decision record 102): a whole batch
 * opening a test in the same second sends one request each, the start. Only the latest start is kept; a reload
 * or a retry reads the attempt from the server.
 */
const started = new Map<number, { attempt: AttemptView; receivedAt: number }>();

export function keepStarted(attempt: AttemptView, receivedAt: number): void {
  started.clear();
  started.set(attempt.id, { attempt, receivedAt });
}

/** The kept start of this attempt, once; undefined when there is none (a resume, a retry, another attempt). */
export function takeStarted(attemptId: number): { attempt: AttemptView; receivedAt: number } | undefined {
  const kept = started.get(attemptId);
  started.delete(attemptId);
  return kept;
}
