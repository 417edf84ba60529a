import type { z } from 'zod';
import {
  ASSESSMENT_MESSAGES as M,
  QuestionInput,
  type Question,
  type QuestionPatch,
  type QuestionQuery,
} from '../../../contract/assessments.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError, notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { assertManages, assertReadsQuestion, managedPrograms } from './access.ts';
import { toQuestion } from './present.ts';
import { assessmentRepository } from './repository.ts';

/** The question bank (decision record 071): list, read, write, retire; every write audited. */

type QuestionValues = z.output<typeof QuestionInput>;

export function questionRow(q: QuestionValues) {
  return {
    program_id: q.program,
    topic: q.topic,
    kind: q.kind,
    text: q.text,
    text_hi: q.text_hi || null,
    options: JSON.stringify(q.options.map((o) => (o.text_hi ? o : { id: o.id, text: o.text }))),
    answer: JSON.stringify(q.answer),
    explanation: q.explanation,
    marks: q.marks,
    negative_marks: q.negative_marks,
    difficulty: q.difficulty,
    retired: q.retired ? 1 : 0,
    search_text: `${q.topic} ${q.text}`.toLowerCase(),
  };
}

export function createQuestionService(db: Db) {
  const repo = assessmentRepository(db);

  async function view(trx: Db, id: number): Promise<Question> {
    const row = await assessmentRepository(trx).question(id);
    if (!row) throw notFound();
    const used = await assessmentRepository(trx).usedInFinishedAttempts([id]);
    return toQuestion(row, used.has(id));
  }

  async function audit(
    trx: Db,
    actor: UserRow,
    action: 'create' | 'update' | 'delete',
    id: number,
    changes: Record<string, unknown>,
  ) {
    await createAuditRepository(trx).record({ actorId: actor.id, action, entity: 'question', entityId: id, changes });
  }

  return {
    async list(user: UserRow | null, query: z.output<typeof QuestionQuery>): Promise<Question[]> {
      const programs = await managedPrograms(db, user);
      const rows = await repo.questions({ programs, ...query });
      const used = await repo.usedInFinishedAttempts(rows.map((r) => r.id));
      return rows.map((r) => toQuestion(r, used.has(r.id)));
    },

    async get(user: UserRow | null, id: number): Promise<Question> {
      const row = await repo.question(id);
      await assertReadsQuestion(db, user, row?.program_id ?? null);
      if (!row) throw notFound();
      return view(db, id);
    },

    async create(user: UserRow | null, input: QuestionValues): Promise<Question> {
      const actor = await assertManages(db, user, input.program);
      return inTransaction(db, async (trx) => {
        const now = nowIso();
        const { id } = await assessmentRepository(trx).insertQuestion({
          ...questionRow(input),
          created_by: actor.id,
          created_at: now,
          updated_at: now,
        });
        await audit(trx, actor, 'create', id, { topic: input.topic, program: input.program });
        return view(trx, id);
      });
    },

    /** Only the fields sent change; the result must still be a valid question. */
    async update(user: UserRow | null, id: number, patch: z.output<typeof QuestionPatch>, sent: string[]) {
      const row = await repo.question(id);
      if (!row) {
        await assertReadsQuestion(db, user, null);
        throw notFound();
      }
      const actor = await assertManages(db, user, row.program_id);
      const current = toQuestion(row, false);
      const changes = Object.fromEntries(
        sent.filter((k) => k in patch).map((k) => [k, patch[k as keyof typeof patch]]),
      );
      if ('program' in changes) await assertManages(db, actor, (changes.program as number | null) ?? null);
      const merged = QuestionInput.safeParse({ ...current, ...changes });
      if (!merged.success) {
        throw new ValidationFailed(
          Object.fromEntries(merged.error.issues.map((i) => [String(i.path[0] ?? 'non_field_errors'), [i.message]])),
        );
      }
      const used = await repo.usedInFinishedAttempts([id]);
      const scoring = ['answer', 'marks', 'negative_marks', 'kind', 'options'];
      if (used.has(id) && scoring.some((k) => k in changes)) {
        throw new HttpError(
          409,
          'This question is in a finished attempt: its answer, options and marks are kept. Retire it and add a new one.',
        );
      }
      return inTransaction(db, async (trx) => {
        await assessmentRepository(trx).updateQuestion(id, { ...questionRow(merged.data), updated_at: nowIso() });
        await audit(trx, actor, 'update', id, changes);
        return view(trx, id);
      });
    },

    async remove(user: UserRow | null, id: number): Promise<void> {
      const row = await repo.question(id);
      if (!row) {
        await assertReadsQuestion(db, user, null);
        throw notFound();
      }
      const actor = await assertManages(db, user, row.program_id);
      if ((await repo.usedInFinishedAttempts([id])).has(id)) throw new HttpError(409, M.questionUsed);
      await inTransaction(db, async (trx) => {
        await assessmentRepository(trx).deleteQuestion(id);
        await audit(trx, actor, 'delete', id, { topic: row.topic });
      });
    },

    /** Imports every row or none (import.ts parsed and checked them). */
    async importRows(user: UserRow | null, rows: QuestionValues[]): Promise<{ imported: number }> {
      const programs = [...new Set(rows.map((r) => r.program))];
      let actor: UserRow | undefined;
      for (const p of programs) actor = await assertManages(db, user, p);
      return inTransaction(db, async (trx) => {
        const now = nowIso();
        for (const q of rows) {
          await assessmentRepository(trx).insertQuestion({
            ...questionRow(q),
            created_by: actor!.id,
            created_at: now,
            updated_at: now,
          });
        }
        await audit(trx, actor!, 'create', 0, { imported: rows.length });
        return { imported: rows.length };
      });
    },
  };
}
