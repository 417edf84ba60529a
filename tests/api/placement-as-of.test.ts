import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_PATHS as P, type PlacementSummary } from '../../contract/index.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { placementBatch, placementOffer, placementStudents } from './support/placement-fixtures.ts';

/**
 * The summary's "as of" day (decision records 070 and 078): the latest change among what the figures
 * count. A verified offer moves it, and so does a graduate opting out of placement or back in (the eligible
 * count changes with it); a claimed offer, which counts nowhere, does not.
 */
let ctx: TestContext;
let leaver: TestUser;
let graduate: TestUser;
let batchId: number;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

beforeAll(async () => {
  ctx = await createTestApp();
  leaver = await ctx.user('asofleaver');
  graduate = await ctx.user('asofgraduate');
  const { programId } = await insertProgram(ctx.db, 'As-of Program', 1);
  batchId = await placementBatch(ctx.db, programId, 'As-of batch', istDay(-40));
  await placementStudents(ctx.db, batchId, [leaver.id, graduate.id], { status: 'completed' });
  await placementStudents(ctx.db, batchId, 3, { status: 'completed' });
  const employer = await ctx.db
    .insertInto('employers')
    .values({
      name: 'As-of Bank',
      name_key: 'as-of bank',
      sector: 'bank',
      website: '',
      hr_contacts: '[]',
      is_partner: 0,
      partner_reason: '',
      created_at: daysAgo(30),
      updated_at: daysAgo(30),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await placementOffer(ctx.db, {
    student: graduate.id,
    batch: batchId,
    employer: employer.id,
    ctc: 600_000,
    status: 'verified',
  });
  // The last verified offer changed ten days ago: the record's latest change until someone opts out.
  await ctx.db
    .updateTable('placement_offers')
    .set({ updated_at: daysAgo(10) })
    .where('id', '=', offer)
    .execute();
});
afterAll(async () => ctx?.close());

const summary = async () => (await ctx.request({ url: P.summary })).body as PlacementSummary;
const program = (s: PlacementSummary) => s.programs.find((p) => p.program_title === 'As-of Program')!;
const optOut = (value: boolean) =>
  ctx.request({ method: 'PATCH', url: P.studentBatch(batchId), token: leaver.access, body: { opt_out: value } });

describe('the summary’s as_of', () => {
  it('is the day of the last verified offer while nothing later changed the figures', async () => {
    const s = await summary();
    expect(s.as_of).toBe(istDay(-10));
    expect(program(s)).toMatchObject({ completed: 5, opted_out: 0, eligible: 5, placed: 1 });
  });

  it('does not move for a claimed offer, which counts in no figure', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: P.studentOffers,
      token: leaver.access,
      body: {
        batch: batchId,
        employer_name: 'Claimed Bank',
        designation: 'Analyst',
        annual_ctc: 500_000,
        offer_date: istDay(-1),
      },
    });
    expect(res.status).toBe(201);
    expect((await summary()).as_of).toBe(istDay(-10));
  });

  it('moves to today when a graduate opts out after the last verified offer, and the eligible count drops', async () => {
    expect((await optOut(true)).status).toBe(200);
    const s = await summary();
    expect(s.as_of).toBe(istDay(0));
    expect(program(s)).toMatchObject({ completed: 5, opted_out: 1, eligible: 4, placed: 1, placement_rate: 25 });
  });

  it('moves again when they seek placement again; choosing the same again moves nothing', async () => {
    // Their opt-out was a week ago: the figures have been as of then.
    await ctx.db
      .updateTable('enrollments')
      .set({ placement_opt_out_at: daysAgo(7) })
      .where('student_id', '=', leaver.id)
      .execute();
    expect((await summary()).as_of).toBe(istDay(-7));
    expect((await optOut(true)).status).toBe(200);
    expect((await summary()).as_of).toBe(istDay(-7));
    expect((await optOut(false)).status).toBe(200);
    const s = await summary();
    expect(s.as_of).toBe(istDay(0));
    expect(program(s)).toMatchObject({ opted_out: 0, eligible: 5 });
  });
});
