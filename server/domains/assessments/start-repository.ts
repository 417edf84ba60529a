import type { Db } from '../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../platform/db/compiled-once.ts';
import type { AccountRule, PausingRule } from '../../platform/db/subquery-rules.ts';
import type { AttemptRow, TestRow } from './tables.ts';

/**
 * What a start decides on, in one statement (decision record 102): the test, the caller's enrollment in its
 * program with whether an unpaid instalment pauses it (lessons' isActiveStudent rule, decided by access.ts's
 * assertStudentOfStart), and how many attempts the caller has at the test, and how many of them are not
 * submitted. A start reads nothing else before it inserts: the earlier attempts themselves are read only when
 * one is still open (to submit it when its time is up, or refuse the start).
 */
export type StartRead = TestRow & {
  /** The caller's account may act (accounts' rule, decision record 103): the start's route reads it nowhere else. */
  account_active: unknown;
  enrollment_id: number | null;
  enrollment_is_active: number | null;
  enrollment_status: string | null;
  enrollment_batch_id: number | null;
  enrollment_paused: unknown;
  attempts_used: number | string;
  attempts_open: number | string;
};

/**
 * The start's read with pricing's rule of a paused enrollment (decision record 054) and accounts' rule of an
 * account that may act (decision record 103) as its subqueries, given by the service that wires them (a
 * repository imports no other domain).
 */
export function startReads(pausing: PausingRule, active: AccountRule) {
  const startRead = compiledOnce<StartRead, { test: number; student: number }>((db) =>
    db
      .selectFrom('tests')
      .leftJoin('enrollments', (join) =>
        join
          .onRef('enrollments.course_id', '=', 'tests.program_id')
          .on('enrollments.course_type', '=', 'program')
          .on('enrollments.student_id', '=', slot<number>('student')),
      )
      .selectAll('tests')
      .select((eb) => [
        eb.exists(active(db, slot<number>('student')).select('users.id')).as('account_active'),
        'enrollments.id as enrollment_id',
        'enrollments.is_active as enrollment_is_active',
        'enrollments.status as enrollment_status',
        'enrollments.batch_id as enrollment_batch_id',
        eb.exists(pausing(db, eb.ref('enrollments.id')).select('instalments.id')).as('enrollment_paused'),
        eb
          .selectFrom('attempts')
          .select((a) => a.fn.countAll<number>().as('n'))
          .whereRef('attempts.test_id', '=', 'tests.id')
          .where('attempts.student_id', '=', slot<number>('student'))
          .as('attempts_used'),
        eb
          .selectFrom('attempts')
          .select((a) => a.fn.countAll<number>().as('n'))
          .whereRef('attempts.test_id', '=', 'tests.id')
          .where('attempts.student_id', '=', slot<number>('student'))
          .where('attempts.submitted_at', 'is', null)
          .as('attempts_open'),
      ])
      .where('tests.id', '=', slot<number>('test')),
  );
  /** The start's read of `test` for `student` (undefined: no such test). */
  return async (db: Db, test: number, student: number): Promise<StartRead | undefined> =>
    (await startRead(db, { test, student }))[0];
}

/** The test row of a start's read, without the columns the read added. */
export function testOf(read: StartRead): TestRow {
  const {
    account_active: _account,
    enrollment_id: _id,
    enrollment_is_active: _active,
    enrollment_status: _status,
    enrollment_batch_id: _batch,
    enrollment_paused: _paused,
    attempts_used: _used,
    attempts_open: _open,
    ...test
  } = read;
  return test;
}

/** A new attempt as a start writes it: every column but the id. */
export type NewAttempt = Omit<AttemptRow, 'id'>;

/** A start's insert of its attempt, compiled once like the reads (a named statement on PostgreSQL). */
const insertAttemptStatement = compiledOnce<{ id: number }, NewAttempt>((db) =>
  db
    .insertInto('attempts')
    .values({
      test_id: slot<number>('test_id'),
      student_id: slot<number>('student_id'),
      number: slot<number>('number'),
      started_at: slot<string>('started_at'),
      ends_at: slot<string>('ends_at'),
      submitted_at: slot<string | null>('submitted_at'),
      submitted_by: slot<'student' | 'timer' | null>('submitted_by'),
      question_order: slot<string>('question_order'),
      sections: slot<string | null>('sections'),
    })
    .returning('id'),
);

/** Writes a start's attempt, answering its id; the unique (test, student, number) refuses a second racing it. */
export async function insertAttempt(db: Db, row: NewAttempt): Promise<{ id: number }> {
  const [inserted] = await insertAttemptStatement(db, row);
  if (!inserted) throw new Error('The attempt was not inserted.');
  return inserted;
}
