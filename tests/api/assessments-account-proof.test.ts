import { beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_PATHS as P, SERVER_MESSAGES, type AttemptView, type Question } from '../../contract/index.ts';
import { accountProvingRoutes } from '../../server/platform/http/auth.ts';
import { assessmentApp, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import type { TestContext } from './support/harness.ts';
import { placementStudents } from './support/placement-fixtures.ts';

/**
 * The start and the save prove the caller's account in their own statement instead of the auth hook reading it
 * (decision record 103). A deactivated account's token, still signed and unexpired, is refused with 401 there as
 * on every other route: on the start's read, on the save's statement (whether this process kept the attempt from
 * an earlier save or not), and before any other refusal the request would have met. On SQLite and PostgreSQL
 * (TEST_DB).
 */
let ctx: TestContext;
let w: AssessmentWorld;
let qs: Question[];

const { made, as } = assessmentApp();
beforeAll(() => ({ ctx, w, qs } = made));

const refusedToken = { status: 401, body: { detail: SERVER_MESSAGES.tokenInvalid } };
const setActive = (id: number, active: boolean) =>
  ctx.db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();

async function studentOfBatchA(name: string) {
  const who = await ctx.user(name);
  await placementStudents(ctx.db, w.batchA, [who.id], { status: 'active' });
  return who;
}

const save = (token: string, attempt: number, question: number, body: unknown) =>
  as(token, 'PUT', P.answer(attempt, question), body);

describe('routes that prove the account in their statement', () => {
  it('are the start and the save only', () => {
    expect(accountProvingRoutes()).toEqual(
      [`POST ${P.startAttempt(':id')}`, `PUT ${P.answer(':id', ':question')}`].sort(),
    );
  });

  it('a deactivated student’s start is refused 401, for their test and for one that does not exist; active again, it starts', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id]], { attempts_allowed: null });
    const who = await studentOfBatchA('proofstarter');
    await setActive(who.id, false);
    expect(await as(who.access, 'POST', P.startAttempt(test.id))).toMatchObject(refusedToken);
    expect(await as(who.access, 'POST', P.startAttempt(999_999))).toMatchObject(refusedToken);
    const attempts = await ctx.db.selectFrom('attempts').select('id').where('student_id', '=', who.id).execute();
    expect(attempts).toEqual([]);
    await setActive(who.id, true);
    expect((await as(who.access, 'POST', P.startAttempt(test.id))).status).toBe(201);
    // Without a token, or with one that is not signed by us, as on every route.
    expect(await as('', 'POST', P.startAttempt(test.id))).toMatchObject({
      status: 401,
      body: { detail: SERVER_MESSAGES.notAuthenticated },
    });
    expect(await as('not-a-token', 'POST', P.startAttempt(test.id))).toMatchObject(refusedToken);
  });

  it('a deactivated student’s save is refused 401 and writes nothing, kept attempt or not, whatever else is wrong with it', async () => {
    const test = await makeTest(ctx, w.admin, w, [[qs[0]!.id, qs[1]!.id]], { attempts_allowed: null });
    const who = await studentOfBatchA('proofsaver');
    const a = ((await as(who.access, 'POST', P.startAttempt(test.id))).body as AttemptView).id;
    // A first save: this process now keeps the attempt, and the next save is decided on its statement alone.
    expect((await save(who.access, a, qs[0]!.id, { answer: ['A'], seq: 1, marked_for_review: false })).status).toBe(
      200,
    );
    await setActive(who.id, false);
    expect(await save(who.access, a, qs[0]!.id, { answer: ['B'], seq: 2, marked_for_review: false })).toMatchObject(
      refusedToken,
    );
    // A question never saved (no row to keep a seq over), a body the save would refuse, someone else's attempt.
    expect(await save(who.access, a, qs[1]!.id, { answer: ['C'], seq: 1, marked_for_review: false })).toMatchObject(
      refusedToken,
    );
    expect(await save(who.access, a, qs[1]!.id, { answer: ['C'] })).toMatchObject(refusedToken);
    const theirs = await studentOfBatchA('proofother');
    const b = ((await as(theirs.access, 'POST', P.startAttempt(test.id))).body as AttemptView).id;
    expect(await save(who.access, b, qs[0]!.id, { answer: ['C'], seq: 1, marked_for_review: false })).toMatchObject(
      refusedToken,
    );
    const kept = await ctx.db
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'question_id', 'answer', 'seq'])
      .where('attempt_id', 'in', [a, b])
      .execute();
    expect(kept).toEqual([{ attempt_id: a, question_id: qs[0]!.id, answer: JSON.stringify(['A']), seq: 1 }]);
    // Active again: the same save is taken.
    await setActive(who.id, true);
    const taken = await save(who.access, a, qs[0]!.id, { answer: ['B'], seq: 2, marked_for_review: false });
    expect(taken).toMatchObject({ status: 200, body: { kept_seq: 2 } });
  });
});
