import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/connect.ts';
import { optionsOf, toStudentQuestion } from './present.ts';
import { assessmentRepository } from './repository.ts';
import type { OrderItem } from './results.ts';
import type { TestRow, TestSectionsTable } from './tables.ts';

/**
 * A test's paper as its students see it (decision record 090): its sections, each section's questions in
 * order, and each question already written as JSON without its answer, kept in memory per process and per
 * `content_version` of the test. Migration 043's triggers bump that version in the same transaction as any
 * change to the test's sections, its question list or the student-facing columns of one of its questions, so
 * a start or a resume that read the test row (which it does anyway) knows whether the kept paper is current,
 * in this process or any other on the same database, without another read.
 */

/** One question: the JSON before and after its options, and each option's JSON by id (in the bank's order). */
type PaperQuestion = {
  id: number;
  kind: string;
  options: string[];
  head: string;
  option: Map<string, string>;
  tail: string;
};

export type Paper = {
  version: number;
  sections: Selectable<TestSectionsTable>[];
  /** The question ids of each section (by section id), in the test's order. */
  bySection: Map<number, number[]>;
  questions: Map<number, PaperQuestion>;
};

/** How many tests' papers a process keeps (the least recently used goes first). */
const KEPT = 64;

/**
 * A question as toStudentQuestion answers it, split around its options: the options of an attempt (its order)
 * are joined in between. `toStudentQuestion(row, [])` gives every field but the options, in the same order.
 */
function paperQuestion(row: Parameters<typeof toStudentQuestion>[0]): PaperQuestion {
  const options = optionsOf(row);
  const whole = JSON.stringify(toStudentQuestion(row, []));
  const at = whole.indexOf('"options":[]') + '"options":['.length;
  return {
    id: row.id,
    kind: row.kind,
    options: options.map((o) => o.id),
    head: whole.slice(0, at),
    option: new Map(options.map((o) => [o.id, JSON.stringify({ id: o.id, text: o.text, text_hi: o.text_hi ?? null })])),
    tail: whole.slice(at),
  };
}

/** The JSON of one question of an attempt, its options in the attempt's order. */
export function questionJson(q: PaperQuestion, optionOrder: string[]): string {
  let options = '';
  for (const id of optionOrder) {
    const o = q.option.get(id);
    if (o !== undefined) options += options ? `,${o}` : o;
  }
  return q.head + options + q.tail;
}

/** A Fisher–Yates shuffle drawn with node:crypto's randomInt (a student cannot predict another's order). */
function shuffled<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The order of a new attempt: sections in order, questions (and options) shuffled if the test says so. */
export function attemptOrder(test: TestRow, paper: Paper): OrderItem[] {
  return paper.sections.flatMap((s): OrderItem[] => {
    const ids = paper.bySection.get(s.id) ?? [];
    return (test.shuffle_questions ? shuffled(ids) : ids).map((id) => {
      const q = paper.questions.get(id)!;
      return {
        section: s.title,
        question: id,
        options: test.shuffle_options && q.kind !== 'true_false' ? shuffled(q.options) : q.options,
      };
    });
  });
}

export function paperCache(db: Db) {
  const repo = assessmentRepository(db);
  const kept = new Map<number, Paper>();

  async function load(test: TestRow): Promise<Paper> {
    const [sections, links] = await Promise.all([repo.sections([test.id]), repo.testQuestions([test.id])]);
    const rows = await repo.questionsByIds(links.map((l) => l.question_id));
    const questions = new Map(rows.map((r) => [r.id, paperQuestion(r)]));
    const bySection = new Map<number, number[]>(sections.map((s) => [s.id, []]));
    for (const l of links) if (questions.has(l.question_id)) bySection.get(l.section_id)?.push(l.question_id);
    return { version: test.content_version, sections, bySection, questions };
  }

  return {
    /**
     * The paper of `test` at the version its row says. Read when not kept; kept only when the version read after
     * the paper is still the row's (a change that landed between the two reads leaves it to the next caller).
     */
    async of(test: TestRow): Promise<Paper> {
      const hit = kept.get(test.id);
      if (hit && hit.version === test.content_version) {
        kept.delete(test.id);
        kept.set(test.id, hit);
        return hit;
      }
      const paper = await load(test);
      if ((await repo.contentVersion(test.id)) === test.content_version) {
        kept.delete(test.id);
        kept.set(test.id, paper);
        if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      }
      return paper;
    },
  };
}
