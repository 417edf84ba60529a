import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import type { AttemptAnswersTable, AttemptResultsTable, AttemptsTable } from './tables.ts';

/** Attempts, their answers and events, and the kept results (decision records 071, 072). */
export function attemptRepository(db: Db) {
  return {
    attempt: (id: number) => db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The attempt row read FOR SHARE on PostgreSQL: a submit (an UPDATE) waits for saves in flight. */
    attemptForSave: (id: number, pg: boolean) => {
      const q = db.selectFrom('attempts').selectAll().where('id', '=', id);
      return (pg ? q.forShare() : q).executeTakeFirst();
    },
    attemptsOf: (testId: number, studentId: number) =>
      db
        .selectFrom('attempts')
        .selectAll()
        .where('test_id', '=', testId)
        .where('student_id', '=', studentId)
        .orderBy('number')
        .execute(),
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
    insertAttempt: (row: Insertable<AttemptsTable>) =>
      db.insertInto('attempts').values(row).returning('id').executeTakeFirstOrThrow(),
    answers: (attemptId: number) =>
      db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute(),
    /**
     * Saves one answer unless a save with a higher or equal seq is already kept, in one statement: the primary
     * key and the WHERE of the conflict make it idempotent and order-proof. The row is selected from its attempt,
     * so with `open` nothing is written unless the attempt is still the student's, not submitted and on the
     * section plan the caller checked (read FOR SHARE on PostgreSQL, so a submit waits for it and a save
     * waiting on a submit sees it submitted: decision record 088). Answers the seq written, or undefined when
     * nothing was.
     */
    async saveAnswer(
      row: Selectable<AttemptAnswersTable>,
      open?: { student: number; sections: string | null; pg: boolean },
    ): Promise<number | undefined> {
      let source = db
        .selectFrom('attempts')
        .select((eb) => [
          eb.ref('id').as('attempt_id'),
          eb.val(row.question_id).as('question_id'),
          eb.val(row.answer).as('answer'),
          eb.val(row.marked_for_review).as('marked_for_review'),
          eb.val(row.seq).as('seq'),
          eb.val(row.time_spent_seconds).as('time_spent_seconds'),
          eb.val(row.saved_at).as('saved_at'),
        ])
        .where('id', '=', row.attempt_id);
      if (open) {
        source = source
          .where('student_id', '=', open.student)
          .where('submitted_at', 'is', null)
          .where((eb) => (open.sections === null ? eb('sections', 'is', null) : eb('sections', '=', open.sections)));
        if (open.pg) source = source.forShare();
      }
      const written = await db
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
        .returning('seq')
        .executeTakeFirst();
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
    /** Marks the attempt submitted if it is not yet: answers whether this call did. */
    async markSubmitted(id: number, at: string, by: 'student' | 'timer'): Promise<boolean> {
      const r = await db
        .updateTable('attempts')
        .set({ submitted_at: at, submitted_by: by })
        .where('id', '=', id)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
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
    /** The student's active program enrollments (program, batch) for the tests list. */
    enrollments: (studentId: number) =>
      db
        .selectFrom('enrollments')
        .select(['id', 'course_id', 'batch_id', 'status', 'is_active'])
        .where('student_id', '=', studentId)
        .where('course_type', '=', 'program')
        .execute(),
  };
}
