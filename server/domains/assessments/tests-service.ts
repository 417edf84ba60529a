import type { z } from 'zod';
import { ASSESSMENT_MESSAGES as M, TestInput, type Test, type TestPatch } from '../../../contract/assessments.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { BusinessError, HttpError, notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { assertInstructor } from '../lessons/index.ts';
import { assertManages, managedPrograms } from './access.ts';
import { toTest } from './present.ts';
import { assessmentRepository } from './repository.ts';

/** Tests and quizzes (decision record 071): a program's, for one batch or all, with sections of questions. */

type TestValues = z.output<typeof TestInput>;

function testRow(t: TestValues) {
  return {
    title: t.title,
    program_id: t.program,
    batch_id: t.batch,
    lesson_id: t.lesson,
    kind: t.kind,
    duration_minutes: t.duration_minutes,
    opens_at: new Date(t.opens_at).toISOString(),
    closes_at: new Date(t.closes_at).toISOString(),
    attempts_allowed: t.attempts_allowed,
    shuffle_questions: t.shuffle_questions ? 1 : 0,
    shuffle_options: t.shuffle_options ? 1 : 0,
    pass_percent: t.pass_percent,
    results_at:
      t.results_at === 'immediately' || t.results_at === 'after_close'
        ? t.results_at
        : new Date(t.results_at).toISOString(),
    certificate_rule: t.certificate_rule ? 1 : 0,
  };
}

export async function testViews(
  db: Db,
  rows: Awaited<ReturnType<ReturnType<typeof assessmentRepository>['tests']>>,
): Promise<Test[]> {
  const repo = assessmentRepository(db);
  const ids = rows.map((r) => r.id);
  const [sections, questions, counts] = await Promise.all([
    repo.sections(ids),
    repo.testQuestions(ids),
    repo.attemptCounts(ids),
  ]);
  return rows.map((r) =>
    toTest(
      r,
      sections.filter((s) => s.test_id === r.id),
      questions.filter((q) => q.test_id === r.id),
      counts.get(r.id) ?? 0,
    ),
  );
}

/** The batch, lesson and questions a test names must be its program's (the shared bank's questions too). */
async function checkReferences(db: Db, t: TestValues): Promise<void> {
  const repo = assessmentRepository(db);
  if (t.batch !== null && (await repo.batch(t.batch))?.course_id !== t.program) throw new BusinessError(M.batchProgram);
  if (t.lesson !== null && (await repo.lesson(t.lesson))?.program_id !== t.program) {
    throw new BusinessError('The lesson must be a lesson of the test’s program.');
  }
  const ids = t.sections.flatMap((s) => s.questions);
  const found = new Map((await repo.questionsByIds(ids)).map((q) => [q.id, q]));
  const bad = ids.find((id) => {
    const q = found.get(id);
    return !q || (q.program_id !== null && q.program_id !== t.program);
  });
  if (bad !== undefined) throw new ValidationFailed({ sections: [M.unknownQuestion(bad)] });
}

export function createTestService(db: Db) {
  const repo = assessmentRepository(db);

  async function view(trx: Db, id: number): Promise<Test> {
    const row = await assessmentRepository(trx).test(id);
    if (!row) throw notFound();
    return (await testViews(trx, [row]))[0]!;
  }

  /** The test, for one who manages its program. */
  async function managed(user: UserRow | null, id: number) {
    assertInstructor(user);
    const row = await repo.test(id);
    if (!row) throw notFound();
    const actor = await assertManages(db, user, row.program_id);
    return { row, actor };
  }

  return {
    managed,
    async list(user: UserRow | null): Promise<Test[]> {
      return testViews(db, await repo.tests(await managedPrograms(db, user)));
    },
    async get(user: UserRow | null, id: number): Promise<Test> {
      await managed(user, id);
      return view(db, id);
    },
    async create(user: UserRow | null, input: TestValues): Promise<Test> {
      const actor = await assertManages(db, user, input.program);
      await checkReferences(db, input);
      return inTransaction(db, async (trx) => {
        const now = nowIso();
        const r = assessmentRepository(trx);
        const { id } = await r.insertTest({
          ...testRow(input),
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await r.replaceSections(id, input.sections);
        await createAuditRepository(trx).record({
          actorId: actor.id,
          action: 'create',
          entity: 'test',
          entityId: id,
          changes: { title: input.title },
        });
        return view(trx, id);
      });
    },
    /** The fields sent change; the questions cannot change once anyone has attempted the test. */
    async update(user: UserRow | null, id: number, patch: z.output<typeof TestPatch>, sent: string[]): Promise<Test> {
      const { actor } = await managed(user, id);
      const current = await view(db, id);
      const changes = Object.fromEntries(
        sent.filter((k) => k in patch).map((k) => [k, patch[k as keyof typeof patch]]),
      );
      const merged = TestInput.safeParse({ ...current, ...changes });
      if (!merged.success) {
        throw new ValidationFailed(
          Object.fromEntries(merged.error.issues.map((i) => [String(i.path[0] ?? 'non_field_errors'), [i.message]])),
        );
      }
      if (merged.data.program !== current.program) await assertManages(db, actor, merged.data.program);
      if (current.attempts > 0 && ('sections' in changes || 'program' in changes)) {
        throw new HttpError(409, 'Students have attempted this test, so its questions cannot change.');
      }
      await checkReferences(db, merged.data);
      return inTransaction(db, async (trx) => {
        const r = assessmentRepository(trx);
        await r.updateTest(id, { ...testRow(merged.data), updated_at: nowIso() });
        if ('sections' in changes) await r.replaceSections(id, merged.data.sections);
        await createAuditRepository(trx).record({
          actorId: actor.id,
          action: 'update',
          entity: 'test',
          entityId: id,
          changes,
        });
        return view(trx, id);
      });
    },
    async remove(user: UserRow | null, id: number): Promise<void> {
      const { actor } = await managed(user, id);
      if (((await repo.attemptCounts([id])).get(id) ?? 0) > 0) throw new HttpError(409, M.testHasAttempts);
      await inTransaction(db, async (trx) => {
        await assessmentRepository(trx).deleteTest(id);
        await createAuditRepository(trx).record({
          actorId: actor.id,
          action: 'delete',
          entity: 'test',
          entityId: id,
          changes: {},
        });
      });
    },
  };
}
