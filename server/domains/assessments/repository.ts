import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import { compiledOnce, slot } from '../../platform/db/compiled-once.ts';
import type { QuestionsTable, TestRow, TestsTable } from './tables.ts';

/** A test by id: read by every start and resume, so compiled once. */
const testById = compiledOnce<TestRow, { id: number }>((db) =>
  db.selectFrom('tests').selectAll().where('id', '=', slot<number>('id')),
);

/** The question bank and the tests (decision record 071). Takes `db` or a transaction. */
export function assessmentRepository(db: Db) {
  return {
    /** `programs` null: every question; else the shared bank and those programs' questions. */
    questions(f: { programs: number[] | null; program?: number; topic?: string; search?: string }) {
      let q = db.selectFrom('questions').selectAll();
      if (f.programs) {
        const programs = f.programs;
        q = q.where((eb) =>
          programs.length
            ? eb.or([eb('program_id', 'is', null), eb('program_id', 'in', programs)])
            : eb('program_id', 'is', null),
        );
      }
      if (f.program !== undefined) q = q.where('program_id', '=', f.program);
      if (f.topic) q = q.where('topic', '=', f.topic);
      if (f.search) q = q.where('search_text', 'like', `%${f.search.toLowerCase().replace(/[%_\\]/g, '')}%`);
      return q.orderBy('id').limit(1000).execute();
    },
    question: (id: number) => db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst(),
    questionsByIds: (ids: number[]) =>
      ids.length ? db.selectFrom('questions').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    insertQuestion: (row: Insertable<QuestionsTable>) =>
      db.insertInto('questions').values(row).returning('id').executeTakeFirstOrThrow(),
    updateQuestion: (id: number, set: Updateable<QuestionsTable>) =>
      db.updateTable('questions').set(set).where('id', '=', id).execute(),
    async deleteQuestion(id: number): Promise<void> {
      await db.deleteFrom('test_questions').where('question_id', '=', id).execute();
      await db.deleteFrom('questions').where('id', '=', id).execute();
    },
    /** The questions (of `ids`) that are in a test with a submitted attempt. */
    async usedInFinishedAttempts(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .selectFrom('test_questions as tq')
        .select('tq.question_id')
        .distinct()
        .where('tq.question_id', 'in', ids)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('attempts as a')
              .select('a.id')
              .whereRef('a.test_id', '=', 'tq.test_id')
              .where('a.submitted_at', 'is not', null),
          ),
        )
        .execute();
      return new Set(rows.map((r) => r.question_id));
    },

    tests: (programs: number[] | null) => {
      let q = db.selectFrom('tests').selectAll();
      if (programs) q = programs.length ? q.where('program_id', 'in', programs) : q.where('id', '=', -1);
      return q.orderBy('opens_at', 'desc').limit(500).execute();
    },
    test: async (id: number): Promise<TestRow | undefined> => (await testById(db, { id }))[0],
    /** The test's content_version now (decision record 090); -1 once it is gone. */
    contentVersion: async (id: number) =>
      (await db.selectFrom('tests').select('content_version').where('id', '=', id).executeTakeFirst())
        ?.content_version ?? -1,
    insertTest: (row: Insertable<TestsTable>) =>
      db.insertInto('tests').values(row).returning('id').executeTakeFirstOrThrow(),
    updateTest: (id: number, set: Updateable<TestsTable>) =>
      db.updateTable('tests').set(set).where('id', '=', id).execute(),
    deleteTest: (id: number) => db.deleteFrom('tests').where('id', '=', id).execute(),
    sections: (testIds: number[]) =>
      testIds.length
        ? db.selectFrom('test_sections').selectAll().where('test_id', 'in', testIds).orderBy('position').execute()
        : Promise.resolve([]),
    /** How many questions each test has (the students' list shows the count, not the questions). */
    async questionCounts(testIds: number[]): Promise<Map<number, number>> {
      if (!testIds.length) return new Map();
      const rows = await db
        .selectFrom('test_questions')
        .select((eb) => ['test_id', eb.fn.countAll<number | string>().as('n')])
        .where('test_id', 'in', testIds)
        .groupBy('test_id')
        .execute();
      return new Map(rows.map((r) => [r.test_id, Number(r.n)]));
    },
    testQuestions: (testIds: number[]) =>
      testIds.length
        ? db.selectFrom('test_questions').selectAll().where('test_id', 'in', testIds).orderBy('position').execute()
        : Promise.resolve([]),
    async replaceSections(
      testId: number,
      sections: { title: string; questions: number[]; duration_minutes: number | null }[],
    ): Promise<void> {
      await db.deleteFrom('test_questions').where('test_id', '=', testId).execute();
      await db.deleteFrom('test_sections').where('test_id', '=', testId).execute();
      let position = 0;
      for (const [i, s] of sections.entries()) {
        const { id } = await db
          .insertInto('test_sections')
          .values({ test_id: testId, position: i + 1, title: s.title, duration_minutes: s.duration_minutes })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('test_questions')
          .values(s.questions.map((q) => ({ test_id: testId, section_id: id, question_id: q, position: ++position })))
          .execute();
      }
    },
    async attemptCounts(testIds: number[]): Promise<Map<number, number>> {
      if (!testIds.length) return new Map();
      const rows = await db
        .selectFrom('attempts')
        .select(['test_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('test_id', 'in', testIds)
        .groupBy('test_id')
        .execute();
      return new Map(rows.map((r) => [r.test_id, Number(r.n)]));
    },
    /** The certificate-rule tests of a batch: its own and those for every batch of its program (migration 039). */
    certificateTests: (programId: number, batchId: number) =>
      db
        .selectFrom('tests')
        .select(['id', 'title', 'pass_percent', 'results_at', 'closes_at'])
        .where('program_id', '=', programId)
        .where('certificate_rule', '=', 1)
        .where((eb) => eb.or([eb('batch_id', 'is', null), eb('batch_id', '=', batchId)]))
        .orderBy('opens_at')
        .orderBy('id')
        .execute(),
    /** Whether each kept result of a student's submitted attempts of these tests passed. */
    studentResults: (studentId: number, testIds: number[]) =>
      testIds.length
        ? db
            .selectFrom('attempt_results')
            .select(['test_id', 'passed'])
            .where('student_id', '=', studentId)
            .where('test_id', 'in', testIds)
            .execute()
        : Promise.resolve([]),
    batch: (id: number) => db.selectFrom('batches').select(['id', 'course_id']).where('id', '=', id).executeTakeFirst(),
    lesson: (id: number) =>
      db.selectFrom('lessons').select(['id', 'program_id']).where('id', '=', id).executeTakeFirst(),
    /** The programs an instructor teaches a batch of. */
    async taughtPrograms(userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('batches')
        .select('course_id')
        .distinct()
        .where('instructor_id', '=', userId)
        .execute();
      return rows.map((r) => r.course_id);
    },
  };
}
