import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { assertOwnAttempt } from './access.ts';
import type { OrderItem } from './results.ts';
import type { AttemptRow } from './tables.ts';

/** What a save checks of its attempt: the row but its question order's text (the order comes parsed). */
export type SavedAttempt = Omit<AttemptRow, 'question_order'>;

/** An attempt's question order, fixed at its start: each item's section, question and options in order. */
export const orderOf = (attempt: Pick<AttemptRow, 'question_order'>) =>
  JSON.parse(attempt.question_order) as OrderItem[];

/**
 * How many attempts a process keeps for their saves (decision record 096): a whole test of 2,000 twice over. At 100
 * questions one takes about 17 kB of heap (the order parsed; the row without the order's JSON text), so at most
 * about 85 MB.
 */
const KEPT_ATTEMPTS = 5_000;

/**
 * The attempts this process took saves for, each with its question order parsed (decision record 096). What a
 * save checks of its attempt never changes (its student, question order and end) or changes one way only
 * (submitted once; a section plan only ends sections sooner), and the save's statement writes only while the
 * attempt is still the student's, open, with the same end and on the same plan. So a kept attempt that accepts
 * a save is proved current by the write itself; one that refuses it is read again and decides on what it is
 * now, and a write that wrote nothing forgets it (the locked decision reads it anyway).
 */
export function keptAttempts(read: (id: number) => Promise<AttemptRow | undefined>) {
  const kept = new Map<number, { attempt: SavedAttempt; order: OrderItem[] }>();
  function keep(row: AttemptRow) {
    const { question_order, ...attempt } = row;
    const entry = { attempt, order: orderOf({ question_order }) };
    kept.delete(attempt.id);
    kept.set(attempt.id, entry);
    if (kept.size > KEPT_ATTEMPTS) kept.delete(kept.keys().next().value!);
    return entry;
  }
  return {
    /**
     * `write` checks the attempt for the save (throwing its refusal) and writes while the attempt is as checked,
     * answering the seq written, or undefined when nothing was: on the kept attempt when there is one of the
     * caller's, otherwise (or when it refused) on the attempt read.
     */
    async write(
      user: Pick<UserRow, 'id'> | null,
      id: number,
      write: (attempt: SavedAttempt, order: OrderItem[]) => Promise<number | undefined>,
    ): Promise<number | undefined> {
      const hit = kept.get(id);
      if (hit && user && hit.attempt.student_id === user.id) {
        try {
          const written = await write(hit.attempt, hit.order);
          if (written === undefined) kept.delete(id);
          return written;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          kept.delete(id);
        }
      }
      const { attempt, order } = keep(assertOwnAttempt(user, await read(id)));
      return write(attempt, order);
    },
  };
}
