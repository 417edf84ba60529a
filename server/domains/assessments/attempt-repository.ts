import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../platform/db/compiled-once.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AccountRule, PausingRule } from '../../platform/db/subquery-rules.ts';
import type { AttemptAnswersTable, AttemptResultsTable, AttemptRow } from './tables.ts';

/** Every exam request but a start reads its attempt by id: compiled once (a named statement on PostgreSQL). */
const attemptById = compiledOnce<AttemptRow, { id: number }>((db) =>
  db.selectFrom('attempts').selectAll().where('id', '=', slot<number>('id')),
);

/** A student's attempts at a test, in order: read by every start, so compiled once. */
const attemptsOfStudent = compiledOnce<AttemptRow, { test: number; student: number }>((db) =>
  db
    .selectFrom('attempts')
    .selectAll()
    .where('test_id', '=', slot<number>('test'))
    .where('student_id', '=', slot<number>('student'))
    .orderBy('number'),
);

/** An answer row as a save keeps it, and the attempt it may be written to (`saveAnswer`'s `open`). */
type SaveValues = {
  attempt: number;
  question: number;
  answer: string | null;
  marked: number;
  seq: number;
  time: number;
  at: string;
  student: number;
  ends: string;
  sections: string | null;
};

/**
 * Which guard a save's statement carries: the attempt with a section plan or without one, with accounts' rule of
 * an account that may act; or none.
 */
type Guard = { plan: boolean; active: AccountRule } | null;

/**
 * The answer's row selected from its attempt: with a guard, only while the attempt is the student's, open, with the
 * end and on the section plan the caller checked (decision record 088), and the student's account may act
 * (accounts' rule, decision record 103: the save's route reads it nowhere else); without one, from the attempt
 * alone (the locked decision, in a transaction that holds the attempt FOR SHARE, after the account was read).
 */
function answerSource(db: Db, guard: Guard) {
  const source = db
    .selectFrom('attempts')
    .select((eb) => [
      eb.ref('id').as('attempt_id'),
      eb.val(slot<number>('question')).as('question_id'),
      eb.val(slot<string | null>('answer')).as('answer'),
      eb.val(slot<number>('marked')).as('marked_for_review'),
      eb.val(slot<number>('seq')).as('seq'),
      eb.val(slot<number>('time')).as('time_spent_seconds'),
      eb.val(slot<string>('at')).as('saved_at'),
    ])
    .where('id', '=', slot<number>('attempt'));
  if (guard === null) return source;
  const guarded = source
    .where('student_id', '=', slot<number>('student'))
    .where('ends_at', '=', slot<string>('ends'))
    .where('submitted_at', 'is', null)
    .where((eb: ExpressionBuilder<Database, 'attempts'>) =>
      guard.plan ? eb('sections', '=', slot<string>('sections')) : eb('sections', 'is', null),
    )
    .where((eb) => eb.exists(guard.active(db, slot<number>('student')).select('users.id')));
  // Read FOR SHARE on PostgreSQL: a submit (an UPDATE) waits for the statement (decision record 088).
  return db.getExecutor().adapter instanceof PostgresAdapter ? guarded.forShare() : guarded;
}

/** The answer selected by `source` inserted, or kept over a lower seq (idempotent and order-proof). */
function upsertFrom(db: Db, source: ReturnType<typeof answerSource>) {
  return db
    .insertInto('attempt_answers')
    .columns(['attempt_id', 'question_id', 'answer', 'marked_for_review', 'seq', 'time_spent_seconds', 'saved_at'])
    .expression(source)
    .onConflict((oc) =>
      oc
        .columns(['attempt_id', 'question_id'])
        .doUpdateSet({
          answer: (eb) => eb.ref('excluded.answer'),
          marked_for_review: (eb) => eb.ref('excluded.marked_for_review'),
          seq: (eb) => eb.ref('excluded.seq'),
          saved_at: (eb) => eb.ref('excluded.saved_at'),
          time_spent_seconds: sql<number>`CASE WHEN excluded.time_spent_seconds > attempt_answers.time_spent_seconds
            THEN excluded.time_spent_seconds ELSE attempt_answers.time_spent_seconds END`,
        })
        .where('attempt_answers.seq', '<', (eb) => eb.ref('excluded.seq')),
    )
    .returning('seq');
}

/**
 * The one statement of a save (decision record 088): the answer upserted unless a higher or equal seq is kept,
 * selected from its attempt so that nothing is written unless the attempt is still the student's, open, with
 * the end and on the section plan the caller checked. Compiled once per plan kind (an attempt with or without
 * timed sections), so PostgreSQL parses and plans it once per connection (decision record 096).
 */
const saveStatement = (guard: Guard) =>
  compiledOnce<{ seq: number }, SaveValues>((db) => upsertFrom(db, answerSource(db, guard)));
const saveInLock = saveStatement(null);

/** The guarded statements, made once for the accounts' rule the service wires in. */
const guardedSaves = new WeakMap<
  AccountRule,
  { plan: ReturnType<typeof saveStatement>; none: ReturnType<typeof saveStatement> }
>();
function savesWith(active: AccountRule) {
  let saves = guardedSaves.get(active);
  if (!saves) {
    saves = { plan: saveStatement({ plan: true, active }), none: saveStatement({ plan: false, active }) };
    guardedSaves.set(active, saves);
  }
  return saves;
}

/** Attempts, their answers and events, and the kept results (decision records 071, 072). */
export function attemptRepository(db: Db) {
  return {
    attempt: async (id: number): Promise<AttemptRow | undefined> => (await attemptById(db, { id }))[0],
    /** The attempt row read FOR SHARE on PostgreSQL: a submit (an UPDATE) waits for saves in flight. */
    attemptForSave: (id: number, pg: boolean) => {
      const q = db.selectFrom('attempts').selectAll().where('id', '=', id);
      return (pg ? q.forShare() : q).executeTakeFirst();
    },
    attemptsOf: (testId: number, studentId: number) => attemptsOfStudent(db, { test: testId, student: studentId }),
    studentAttempts: (studentId: number, testIds: number[]) =>
      testIds.length
        ? db
            .selectFrom('attempts')
            .select(['id', 'test_id', 'number', 'submitted_at', 'ends_at'])
            .where('student_id', '=', studentId)
            .where('test_id', 'in', testIds)
            .orderBy('number')
            .execute()
        : Promise.resolve([]),
    answers: (attemptId: number) =>
      db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute(),
    /**
     * Saves one answer unless a save with a higher or equal seq is already kept, in one statement: the primary
     * key and the WHERE of the conflict make it idempotent and order-proof; each statement is compiled once
     * (`saveStatement`). With `open`, nothing is written unless the attempt is still the student's, not submitted, with
     * the end and on the section plan the caller checked (decision record 088). Without it (in the transaction
     * that holds the attempt FOR SHARE), the row is written from the attempt alone. Answers the seq written, or
     * undefined when nothing was.
     */
    async saveAnswer(
      row: Selectable<AttemptAnswersTable>,
      open?: { student: number; ends: string; sections: string | null; active: AccountRule },
    ): Promise<number | undefined> {
      const run = open ? savesWith(open.active)[open.sections === null ? 'none' : 'plan'] : saveInLock;
      const [written] = await run(db, {
        attempt: row.attempt_id,
        question: row.question_id,
        answer: row.answer,
        marked: row.marked_for_review,
        seq: row.seq,
        time: row.time_spent_seconds,
        at: row.saved_at,
        student: open?.student ?? 0,
        ends: open?.ends ?? '',
        sections: open?.sections ?? null,
      });
      return written?.seq;
    },
    /** The seq kept for one question of an attempt. */
    keptSeq: async (attemptId: number, questionId: number) =>
      (
        await db
          .selectFrom('attempt_answers')
          .select('seq')
          .where('attempt_id', '=', attemptId)
          .where('question_id', '=', questionId)
          .executeTakeFirstOrThrow()
      ).seq,
    /** Keeps a new section plan if the kept one is still `old` and the attempt open: answers whether it did. */
    async setSections(id: number, old: string, plan: string): Promise<boolean> {
      const r = await db
        .updateTable('attempts')
        .set({ sections: plan })
        .where('id', '=', id)
        .where('sections', '=', old)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Marks the attempt submitted if it is not yet: answers the attempt as submitted when this call did. */
    markSubmitted: (id: number, at: string, by: 'student' | 'timer'): Promise<AttemptRow | undefined> =>
      db
        .updateTable('attempts')
        .set({ submitted_at: at, submitted_by: by })
        .where('id', '=', id)
        .where('submitted_at', 'is', null)
        .returningAll()
        .executeTakeFirst(),
    /** Open attempts whose time (and its grace) is over. */
    expiredOpen: (before: string, testId?: number) => {
      let q = db.selectFrom('attempts').select('id').where('submitted_at', 'is', null);
      q = testId === undefined ? q.where('ends_at', '<', before) : q.where('test_id', '=', testId);
      return q.orderBy('id').limit(5000).execute();
    },
    insertEvent: (attemptId: number, kind: string, at: string) =>
      db.insertInto('attempt_events').values({ attempt_id: attemptId, kind, at }).execute(),
    events: (attemptIds: number[]) =>
      attemptIds.length
        ? db.selectFrom('attempt_events').selectAll().where('attempt_id', 'in', attemptIds).orderBy('id').execute()
        : Promise.resolve([]),
    insertResult: (row: Insertable<AttemptResultsTable>) =>
      db
        .insertInto('attempt_results')
        .values(row)
        .onConflict((oc) => oc.column('attempt_id').doNothing())
        .execute(),
    result: (attemptId: number) =>
      db.selectFrom('attempt_results').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst(),
    results: (testId: number) =>
      db.selectFrom('attempt_results').selectAll().where('test_id', '=', testId).orderBy('attempt_id').execute(),
    setRank: (attemptId: number, rank: number | null, percentile: number | null, candidates: number | null) =>
      db
        .updateTable('attempt_results')
        .set({ rank, percentile, candidates })
        .where('attempt_id', '=', attemptId)
        .execute(),
    /** Claims the test's close-time pass: answers whether this call did (once per test). */
    async claimResults(testId: number, at: string): Promise<boolean> {
      const r = await db
        .updateTable('tests')
        .set({ results_computed_at: at })
        .where('id', '=', testId)
        .where('results_computed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Closed tests whose results pass has not run. */
    closedUncomputed: (before: string) =>
      db
        .selectFrom('tests')
        .select('id')
        .where('closes_at', '<', before)
        .where('results_computed_at', 'is', null)
        .orderBy('id')
        .limit(100)
        .execute(),
    testAttempts: (testId: number) =>
      db
        .selectFrom('attempts as a')
        .innerJoin('users as u', 'u.id', 'a.student_id')
        .leftJoin('attempt_results as r', 'r.attempt_id', 'a.id')
        .select([
          'a.id',
          'a.student_id',
          'a.number',
          'a.started_at',
          'a.ends_at',
          'a.submitted_at',
          'a.submitted_by',
          'u.first_name',
          'u.last_name',
          'u.username',
          'u.email',
          'r.score',
          'r.max_score',
          'r.correct',
          'r.wrong',
          'r.unanswered',
          'r.rank',
          'r.percentile',
          'r.questions',
        ])
        .where('a.test_id', '=', testId)
        .orderBy('a.id')
        .execute(),
    /** Every submitted answer of the test (for the option counts). */
    submittedAnswers: (testId: number) =>
      db
        .selectFrom('attempt_answers as aa')
        .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
        .select(['aa.question_id', 'aa.answer'])
        .where('a.test_id', '=', testId)
        .where('a.submitted_at', 'is not', null)
        .execute(),
    /**
     * The student's program enrollments (program, batch) for the tests list, each with whether an unpaid instalment
     * pauses it (pricing's rule, wired in by the service).
     */
    enrollments: (studentId: number, pausing: PausingRule) =>
      db
        .selectFrom('enrollments')
        .select(['id', 'course_id', 'batch_id', 'status', 'is_active'])
        .select((eb) => eb.exists(pausing(db, eb.ref('enrollments.id')).select('instalments.id')).as('paused'))
        .where('student_id', '=', studentId)
        .where('course_type', '=', 'program')
        .execute(),
  };
}
