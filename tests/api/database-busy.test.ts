import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_PATHS as P, SERVER_MESSAGES, type AttemptView } from '../../contract/index.ts';
import { openDatabase, type DatabaseHandle } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { assessmentWorld, makeQuestion, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { createTestApp, TEST_DB, type TestContext } from './support/harness.ts';
import { serverDatabase } from './support/server-process.ts';

/**
 * A database too busy to serve in time (found by `npm run bench:exam`: 2,000 students saving on a 2-core
 * machine waited more than DB_ACQUIRE_TIMEOUT_MS for a pool connection and were answered 500): the answer
 * is 503 with Retry-After and a message, never 500, and nothing of the request is kept; sent again once the
 * database is free, the same exam save is acknowledged and kept.
 */

let database: { url: string; drop: () => Promise<void> };
let handle: DatabaseHandle;
let ctx: TestContext;
let w: AssessmentWorld;

beforeAll(async () => {
  database = await serverDatabase();
  // One PostgreSQL connection, waited for at most a second; SQLite waits 50 ms for another's write lock.
  handle = openDatabase(database.url, { poolSize: 1, acquireTimeoutMs: 1000, busyTimeoutMs: 50 });
  await migrateToLatest(handle.db);
  ctx = await createTestApp({ handle });
  w = await assessmentWorld(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await handle?.close();
  await database?.drop();
});

/** The student's answer ['A'] (seq 1) to the question, saved through `app`. */
const saveAnswer = (app: TestContext, attemptId: number, questionId: number) =>
  app.request({
    method: 'PUT',
    url: P.answer(attemptId, questionId),
    token: w.student.access,
    body: { answer: ['A'], marked_for_review: false, seq: 1 },
  });

/** Keeps the database from this app: its only PostgreSQL connection asleep, or SQLite's write lock held. */
function occupy(): { release: () => Promise<void> } {
  if (TEST_DB === 'postgres') {
    const asleep = sql`SELECT pg_sleep(2.5)`.execute(handle.db);
    return { release: async () => void (await asleep) };
  }
  const other = new SQLite(database.url.replace(/^sqlite:/, ''));
  other.exec('BEGIN IMMEDIATE');
  return {
    release: async () => {
      other.exec('ROLLBACK');
      other.close();
    },
  };
}

describe('a busy database', () => {
  it('answers 503 with Retry-After; the exam save sent again is kept', async () => {
    const question = await makeQuestion(ctx, w.admin);
    const test = await makeTest(ctx, w.admin, w, [[question.id]]);
    const started = await ctx.request({ method: 'POST', url: P.startAttempt(test.id), token: w.student.access });
    expect(started.status).toBe(201);
    const attempt = started.body as AttemptView;
    const save = () => saveAnswer(ctx, attempt.id, question.id);

    const busy = occupy();
    const refused = await save();
    await busy.release();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ detail: SERVER_MESSAGES.databaseBusy });
    const kept = await ctx.request({ method: 'GET', url: P.attempt(attempt.id), token: w.student.access });
    expect((kept.body as AttemptView).answers).toEqual([]);

    const again = await save();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ question: question.id, seq: 1, kept_seq: 1 });
    const after = await ctx.request({ method: 'GET', url: P.attempt(attempt.id), token: w.student.access });
    expect((after.body as AttemptView).answers).toMatchObject([{ question: question.id, answer: ['A'], seq: 1 }]);
  }, 30_000);

  /*
   * PostgreSQL cancels a statement that runs past DB_STATEMENT_TIMEOUT_MS (SQLSTATE 57014), most often one
   * waiting for a row another transaction holds: that is load too, answered 503 like a busy pool.
   */
  it.skipIf(TEST_DB !== 'postgres')(
    'a statement cancelled at the statement timeout, waiting on a locked attempt, answers 503; sent again it is kept',
    async () => {
      const question = await makeQuestion(ctx, w.admin);
      const test = await makeTest(ctx, w.admin, w, [[question.id]]);
      const started = await ctx.request({ method: 'POST', url: P.startAttempt(test.id), token: w.student.access });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      const attempt = started.body as AttemptView;
      // A second app on the same database whose statements give up after 300 ms.
      const impatient = openDatabase(database.url, { statementTimeoutMs: 300 });
      const other = await createTestApp({ handle: impatient });
      try {
        const save = () => saveAnswer(other, attempt.id, question.id);
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        // The attempt's row held by another transaction: the save's write waits for it (decision record 088).
        const locker = handle.db.transaction().execute(async (trx) => {
          await sql`SELECT id FROM attempts WHERE id = ${attempt.id} FOR UPDATE`.execute(trx);
          holding();
          await released;
        });
        await held;
        const refused = await save();
        release();
        await locker;
        expect(refused.status, JSON.stringify(refused.body)).toBe(503);
        expect(refused.headers['retry-after']).toBe('2');
        expect(refused.body).toEqual({ detail: SERVER_MESSAGES.databaseBusy });
        const again = await save();
        expect(again.status).toBe(200);
        expect(again.body).toMatchObject({ question: question.id, seq: 1, kept_seq: 1 });
      } finally {
        await other.close();
        await impatient.close();
      }
    },
    30_000,
  );
});
