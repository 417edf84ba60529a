import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Offer,
  type PlacementSummary,
  type StudentPlacementBatch,
} from '../../contract/index.ts';
import { createPersonalDataRepository } from '../../server/domains/privacy/repositories/personal-data.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { placementBatch, placementOffer, placementStudents } from './support/placement-fixtures.ts';

/**
 * The student's side of placement (decision record 078): their batches and the placement opt-out, who may
 * do what, and what an erasure leaves of a placed student's offer (counted, never named).
 */
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
let programTitle: string;
let batchId: number;
let employerId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('optadmin', 'admin');
  student = await ctx.user('optstudent');
  other = await ctx.user('optother');
  programTitle = 'Opt-out Program';
  const programId = (await insertProgram(ctx.db, programTitle, 1)).programId;
  batchId = await placementBatch(ctx.db, programId, 'Opt-out batch', istDay(-20));
  await placementStudents(ctx.db, batchId, [student.id], { status: 'completed' });
  const res = await ctx.request({
    method: 'POST',
    url: P.employers,
    token: admin.access,
    body: { name: 'Opt-out Bank', sector: 'bank' },
  });
  employerId = (res.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

const summary = async () => (await ctx.request({ url: P.summary })).body as PlacementSummary;
const programFigures = async () => (await summary()).programs.find((p) => p.program_title === programTitle);
const optOut = (token: string | undefined, batch: number, value: unknown) =>
  ctx.request({ method: 'PATCH', url: P.studentBatch(batch), token, body: { opt_out: value } });

describe('the placement opt-out', () => {
  it('anonymous callers get 401 on the student’s batches and the opt-out', async () => {
    expect((await ctx.request({ url: P.studentBatches })).status).toBe(401);
    expect((await optOut(undefined, batchId, true)).status).toBe(401);
  });

  it('lists the student’s own program batches, and none for another student or an administrator', async () => {
    const mine = (await ctx.request({ url: P.studentBatches, token: student.access })).body as StudentPlacementBatch[];
    expect(mine).toEqual([
      expect.objectContaining({ batch: batchId, program_title: programTitle, opt_out: false, placed: false }),
    ]);
    expect((await ctx.request({ url: P.studentBatches, token: other.access })).body).toEqual([]);
    expect((await ctx.request({ url: P.studentBatches, token: admin.access })).body).toEqual([]);
  });

  it('another student and an administrator cannot opt the student out (404: not their batch)', async () => {
    for (const caller of [other, admin]) {
      const res = await optOut(caller.access, batchId, true);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ detail: PLACEMENT_MESSAGES.notInBatch });
    }
    expect((await programFigures())?.opted_out).toBe(0);
  });

  it('refuses a value that is not true or false with a sentence', async () => {
    const res = await optOut(student.access, batchId, 'yes');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('true or false');
  });

  it('the student opts out and back in; the figures count them as opted out, then eligible again (audited)', async () => {
    const out = await optOut(student.access, batchId, true);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ batch: batchId, opt_out: true });
    expect(await programFigures()).toMatchObject({ completed: 1, opted_out: 1, eligible: 0 });
    const back = await optOut(student.access, batchId, false);
    expect(back.body).toMatchObject({ opt_out: false });
    expect(await programFigures()).toMatchObject({ completed: 1, opted_out: 0, eligible: 1 });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity', '=', 'enrollment')
      .where('actor_id', '=', student.id)
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('a student placed by a verified offer cannot opt out of that batch', async () => {
    await placementOffer(ctx.db, {
      student: student.id,
      batch: batchId,
      employer: employerId,
      ctc: 600_000,
      status: 'verified',
    });
    const res = await optOut(student.access, batchId, true);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: PLACEMENT_MESSAGES.placedCannotOptOut });
    const mine = (await ctx.request({ url: P.studentBatches, token: student.access })).body as StudentPlacementBatch[];
    expect(mine[0]).toMatchObject({ placed: true, opt_out: false });
  });
});

describe('an erased student’s offer', () => {
  it('stays counted in the figures, pseudonymised: no name in the office’s list or the summary', async () => {
    const leaver = await ctx.user('placedleaver');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Kavya', last_name: 'Raghunathan' })
      .where('id', '=', leaver.id)
      .execute();
    await placementStudents(ctx.db, batchId, [leaver.id], { status: 'completed' });
    const offerId = await placementOffer(ctx.db, {
      student: leaver.id,
      batch: batchId,
      employer: employerId,
      ctc: 900_000,
      status: 'verified',
    });
    const before = await programFigures();
    expect(before).toMatchObject({ placed: 2, highest_ctc: 900_000 });

    await createPersonalDataRepository(ctx.db).erase(leaver.id);

    expect(await programFigures()).toEqual(before);
    const offer = (await ctx.request({ url: P.offer(offerId), token: admin.access })).body as Offer;
    expect(offer).toMatchObject({ status: 'verified', annual_ctc: 900_000 });
    expect(offer.student_name).not.toMatch(/Kavya|Raghunathan|placedleaver/);
    const list = await ctx.request({ url: P.offers, token: admin.access });
    expect(JSON.stringify(list.body)).not.toMatch(/Kavya|Raghunathan/);
    expect(JSON.stringify(await summary())).not.toMatch(/Kavya|Raghunathan/);
  });
});
