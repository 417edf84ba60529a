import { sql } from 'kysely';
import { createTokenService } from '../../server/domains/accounts/tokens.ts';
import { openDatabase, type Db } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { seedDemo } from '../../server/platform/db/seed.ts';
import { hashPassword } from '../../server/platform/lib/passwords.ts';
import { SECRET } from './config.ts';

/**
 * `npm run bench:exam`'s data (scripts/bench-exam.ts): the demo content, `students` students of one
 * program's batch (one password hash for all: hashing it 2,000 times would take minutes), a mock test of
 * two sections of 50 questions from the shared bank (copies of its questions in the program's bank when it
 * has fewer than 100), open now, results after the close, one attempt each; and an access token per student,
 * minted as a login mints it (a refresh-token row, then the pair signed with the servers' secret).
 */

const BATCH = 500;
export const SECTIONS = ['Credit appraisal', 'Banking regulation'] as const;
export const PER_SECTION = 50;

export type ExamData = { testId: number; students: { id: number; token: string }[] };

/** Questions for the test: the shared bank's, topped up with copies (in the program's bank) to `needed`. */
async function questionsFor(db: Db, program: number, needed: number): Promise<number[]> {
  const bank = await db
    .selectFrom('questions')
    .selectAll()
    .where('program_id', 'is', null)
    .where('retired', '=', 0)
    .orderBy('id')
    .execute();
  const ids = bank.map((q) => q.id).slice(0, needed);
  for (let i = 0; ids.length < needed; i++) {
    const { id: _id, ...q } = bank[i % bank.length]!;
    const text = `${q.text} (bench copy ${i + 1})`;
    const { id } = await db
      .insertInto('questions')
      .values({ ...q, program_id: program, text, search_text: `${q.topic} ${text}`.toLowerCase() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

async function insertStudents(db: Db, count: number, program: number, batch: number): Promise<number[]> {
  const hash = await hashPassword('bench-student');
  const at = new Date().toISOString();
  const ids: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => ({
      username: `exam${start + k}`,
      email: `exam${start + k}@example.in`,
      first_name: 'Exam',
      last_name: `Candidate ${start + k}`,
      password_hash: hash,
      role: 'student' as const,
      created_at: at,
    }));
    ids.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  for (let start = 0; start < ids.length; start += BATCH) {
    const rows = ids.slice(start, start + BATCH).map((student) => ({
      student_id: student,
      course_type: 'program' as const,
      course_id: program,
      status: 'active' as const,
      is_active: 1 as const,
      progress_percentage: 0,
      issue_description: '',
      admin_notes: '',
      is_urgent: 0 as const,
      enrolled_at: at,
      updated_at: at,
      batch_id: batch,
    }));
    await db.insertInto('enrollments').values(rows).execute();
  }
  return ids;
}

async function insertTest(db: Db, program: number, batch: number, questions: number[]): Promise<number> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const { id } = await db
    .insertInto('tests')
    .values({
      title: 'Bench mock test',
      program_id: program,
      batch_id: batch,
      lesson_id: null,
      kind: 'mock',
      duration_minutes: 180,
      opens_at: new Date(now - 60_000).toISOString(),
      // Set again just before the students start (openExam): the close follows the run's plan.
      closes_at: new Date(now + 24 * 3_600_000).toISOString(),
      attempts_allowed: 1,
      shuffle_questions: 1,
      shuffle_options: 1,
      pass_percent: 40,
      results_at: 'after_close',
      results_computed_at: null,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, title] of SECTIONS.entries()) {
    const section = await db
      .insertInto('test_sections')
      .values({ test_id: id, position: i + 1, title, duration_minutes: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = questions.slice(i * PER_SECTION, (i + 1) * PER_SECTION);
    await db
      .insertInto('test_questions')
      .values(
        ids.map((q, k) => ({ test_id: id, section_id: section.id, question_id: q, position: i * PER_SECTION + k })),
      )
      .execute();
  }
  return id;
}

/** Migrates and fills a fresh database; answers the test and each student's id and access token. */
export async function prepareExam(url: string, students: number): Promise<ExamData> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    await seedDemo(handle.db);
    const db = handle.db;
    const program = (await db.selectFrom('programs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const at = new Date().toISOString();
    const batch = await db
      .insertInto('batches')
      .values({
        course_id: program,
        name: 'Bench exam batch',
        starts_on: at.slice(0, 10),
        ends_on: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
        seats: students,
        mode: 'online',
        location: '',
        instructor_id: null,
        is_open: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await insertStudents(db, students, program, batch.id);
    const testId = await insertTest(db, program, batch.id, await questionsFor(db, program, 2 * PER_SECTION));
    await sql`ANALYZE`.execute(db);
    const minter = createTokenService(db, SECRET, { accessSeconds: 4 * 3600, refreshSeconds: 86_400 });
    const tokens: string[] = [];
    for (let start = 0; start < ids.length; start += 20) {
      const pairs = await Promise.all(ids.slice(start, start + 20).map((id) => minter.issuePair(id)));
      tokens.push(...pairs.map((p) => p.access));
    }
    return { testId, students: ids.map((id, i) => ({ id, token: tokens[i]! })) };
  } finally {
    await handle.close();
  }
}

/** Sets the test's close (and a duration that reaches it): called just before the students start. */
export async function openExam(url: string, testId: number, closesAt: number): Promise<void> {
  const handle = openDatabase(url);
  try {
    await handle.db
      .updateTable('tests')
      .set({
        closes_at: new Date(closesAt).toISOString(),
        duration_minutes: Math.ceil((closesAt - Date.now()) / 60_000) + 1,
      })
      .where('id', '=', testId)
      .execute();
  } finally {
    await handle.close();
  }
}
