import type { Db } from '../../platform/db/connect.ts';
import { questionRow } from './questions.ts';
import { closeTest, submitAttempt } from './results.ts';
import { SEED_QUESTIONS, type SeedQuestion } from './seed-questions.ts';

/**
 * The demo's assessments (decision record 071): the shared bank of 84 questions, a practice quiz on the
 * last lesson of every program's first module, a two-section mock test open to the demo student, and a
 * finished mock with kept results and ranks for the demo student among 40 candidates. Deterministic.
 */

const DAY = 86_400_000;

function generator(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

async function insertTest(
  trx: Db,
  t: { title: string; program: number; lesson: number | null; kind: 'quiz' | 'mock'; minutes: number },
  opens: number,
  closes: number,
  sections: [string, number[]][],
  options: { attempts: number | null; results: string; shuffle: boolean },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('tests')
    .values({
      title: t.title,
      program_id: t.program,
      batch_id: null,
      lesson_id: t.lesson,
      kind: t.kind,
      duration_minutes: t.minutes,
      opens_at: new Date(opens).toISOString(),
      closes_at: new Date(closes).toISOString(),
      attempts_allowed: options.attempts,
      shuffle_questions: options.shuffle ? 1 : 0,
      shuffle_options: 0,
      pass_percent: t.kind === 'quiz' ? 60 : 40,
      results_at: options.results,
      results_computed_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const [i, [title, ids]] of sections.entries()) {
    const section = await trx
      .insertInto('test_sections')
      .values({ test_id: id, position: i + 1, title, duration_minutes: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('test_questions')
      .values(ids.map((q) => ({ test_id: id, section_id: section.id, question_id: q, position: ++position })))
      .execute();
  }
  return id;
}

/** A right answer, or a wrong one (the first option that is not right; a number off by 10). */
function answerFor(q: SeedQuestion, right: boolean): string[] | number {
  if (!Array.isArray(q.answer)) return right ? q.answer.value : q.answer.value + 10;
  if (right) return q.answer;
  return [q.options.find((o) => !(q.answer as string[]).includes(o.id))!.id];
}

export async function seedAssessments(
  trx: Db,
  programs: { id: number }[],
  demoStudent: number,
  now = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString();
  const ids: number[] = [];
  for (const q of SEED_QUESTIONS) {
    const row = questionRow({
      ...q,
      program: null,
      text_hi: q.text_hi ?? null,
      marks: 1,
      negative_marks: 0,
      retired: false,
    });
    const marks = q.kind === 'numeric' ? 2 : 1;
    const negative = q.kind === 'single' ? 0.25 : 0;
    const { id } = await trx
      .insertInto('questions')
      .values({ ...row, marks, negative_marks: negative, created_by: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  const byTopic = (topic: string) => SEED_QUESTIONS.flatMap((q, i) => (q.topic === topic ? [ids[i]!] : []));

  // A practice quiz on the last lesson of each program's first module: unlimited attempts, results at once.
  for (const program of programs) {
    const module = await trx
      .selectFrom('course_modules')
      .select(['id', 'title'])
      .where('program_id', '=', program.id)
      .orderBy('position')
      .executeTakeFirst();
    if (!module) continue;
    const lesson = await trx
      .selectFrom('lessons')
      .select('id')
      .where('module_id', '=', module.id)
      .orderBy('position', 'desc')
      .executeTakeFirst();
    await insertTest(
      trx,
      { title: `Quiz: ${module.title}`, program: program.id, lesson: lesson?.id ?? null, kind: 'quiz', minutes: 15 },
      now - 60 * DAY,
      now + 365 * DAY,
      [['Practice', [...byTopic('Ratio analysis').slice(0, 3), ...byTopic('Working-capital assessment').slice(0, 3)]]],
      { attempts: null, results: 'immediately', shuffle: true },
    );
  }

  const enrollment = await trx
    .selectFrom('enrollments')
    .select(['course_id', 'batch_id'])
    .where('student_id', '=', demoStudent)
    .where('course_type', '=', 'program')
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!enrollment) return;
  const program = enrollment.course_id;
  const appraisal = [
    ...byTopic('Ratio analysis').slice(3, 8),
    ...byTopic('CMA data').slice(0, 5),
    ...byTopic('Working-capital assessment').slice(3, 8),
  ];
  const regulation = [
    ...byTopic('NPA and IRAC norms').slice(0, 5),
    ...byTopic('Basel capital').slice(0, 5),
    ...byTopic('Credit rating scales').slice(0, 5),
  ];
  await insertTest(
    trx,
    { title: 'Bank Credit Officer Mock Test 2', program, lesson: null, kind: 'mock', minutes: 30 },
    now - DAY,
    now + 30 * DAY,
    [
      ['Credit appraisal', appraisal],
      ['Banking regulation', regulation],
    ],
    { attempts: 1, results: 'immediately', shuffle: false },
  );

  // The finished mock: closed a week ago, 40 candidates (the demo student and 39 alumni of the program).
  const finished = [
    ...byTopic('Ratio analysis').slice(8),
    ...byTopic('CMA data').slice(5, 11),
    ...byTopic('NPA and IRAC norms').slice(5, 11),
    ...byTopic('Basel capital').slice(5, 11),
  ];
  const half = Math.ceil(finished.length / 2);
  const closes = now - 7 * DAY;
  const testId = await insertTest(
    trx,
    { title: 'Bank Credit Officer Mock Test 1', program, lesson: null, kind: 'mock', minutes: 30 },
    closes - 3 * DAY,
    closes,
    [
      ['Credit appraisal', finished.slice(0, half)],
      ['Banking regulation', finished.slice(half)],
    ],
    { attempts: 1, results: 'after_close', shuffle: false },
  );
  const alumni = await trx
    .selectFrom('enrollments')
    .select('student_id')
    .distinct()
    .where('course_id', '=', program)
    .where('course_type', '=', 'program')
    .where('student_id', '!=', demoStudent)
    .orderBy('student_id')
    .limit(39)
    .execute();
  const random = generator(71);
  const questions = new Map(ids.map((id, i) => [id, SEED_QUESTIONS[i]!]));
  for (const [n, student] of [demoStudent, ...alumni.map((a) => a.student_id)].entries()) {
    const skill = n === 0 ? 0.72 : 0.3 + random() * 0.6;
    const started = closes - DAY - n * 60_000;
    const order = finished.map((q, i) => ({
      section: i < half ? 'Credit appraisal' : 'Banking regulation',
      question: q,
      options: questions.get(q)!.options.map((o) => o.id),
    }));
    const { id } = await trx
      .insertInto('attempts')
      .values({
        test_id: testId,
        student_id: student,
        number: 1,
        started_at: new Date(started).toISOString(),
        ends_at: new Date(started + 30 * 60_000).toISOString(),
        submitted_at: null,
        submitted_by: null,
        question_order: JSON.stringify(order),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, q] of finished.entries()) {
      const roll = random();
      if (roll > 0.9) continue; // left unanswered
      await trx
        .insertInto('attempt_answers')
        .values({
          attempt_id: id,
          question_id: q,
          answer: JSON.stringify(answerFor(questions.get(q)!, roll < skill)),
          marked_for_review: 0,
          seq: 1,
          time_spent_seconds: 20 + Math.floor(random() * 80),
          saved_at: new Date(started + (i + 1) * 60_000).toISOString(),
        })
        .execute();
    }
    await submitAttempt(trx, id, 'student', new Date(started + 28 * 60_000).toISOString());
  }
  await closeTest(trx, testId, new Date(closes + 60_000));
}
