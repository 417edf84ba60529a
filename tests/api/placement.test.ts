import { beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  PLACEMENT_MESSAGES,
  PLACEMENT_PATHS as P,
  type Offer,
  type PlacementSummary,
} from '../../contract/index.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { placementBatch, placementOffer, placementStudents } from './support/placement-fixtures.ts';
import { addEmployer, usePlacementWorld } from './support/placement-world.ts';

/**
 * Placement (decision record 070): every public figure from verified offers only, the wording rule, and
 * who may do what (the employer's single-use link: placement-confirmation.test.ts).
 */
const world = usePlacementWorld();
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let stranger: TestUser;
let batchId: number;
beforeAll(() => ({ ctx, admin, student, stranger, batchId } = world));

const employer = (name: string, extra: Record<string, unknown> = {}) => addEmployer(world, name, extra);

const summary = async () => (await ctx.request({ url: P.summary })).body as PlacementSummary;

describe('the figures count verified offers only', () => {
  it('300 students with 120 offers, 100 of them verified, give exactly the figures of the 100', async () => {
    const program = (await insertProgram(ctx.db, 'Figures Program', 1)).programId;
    const bank = await employer('Figures Bank');
    const other = await employer('Figures NBFC');
    const batches = [
      await placementBatch(ctx.db, program, 'Figures 2024', '2024-03-15'),
      await placementBatch(ctx.db, program, 'Figures 2025', '2025-03-15'),
      await placementBatch(ctx.db, program, 'Figures 2026', '2026-03-15'),
    ];
    const students: { batch: number; id: number }[] = [];
    for (const b of batches) {
      const ids = await placementStudents(ctx.db, b, 100, { status: 'completed' });
      ids.forEach((id) => students.push({ batch: b, id }));
    }
    // 120 offers to 110 students: 100 verified (10 students with a second, better, verified offer), 15
    // claimed, 5 rejected. The claimed and rejected ones carry the highest CTCs: counted, they would show.
    const verified: { key: string; ctc: number; employer: number }[] = [];
    for (let i = 0; i < 120; i++) {
      const who = students[i < 100 ? i : i - 100]!;
      const status = i < 100 ? 'verified' : i < 110 ? 'claimed' : 'rejected';
      const ctc = status === 'verified' ? 400_000 + i * 7_000 : 5_000_000;
      const employerId = i % 3 === 0 ? other.id : bank.id;
      await placementOffer(ctx.db, { student: who.id, batch: who.batch, employer: employerId, ctc, status });
      if (status === 'verified') verified.push({ key: `${who.batch}:${who.id}`, ctc, employer: employerId });
    }
    // 10 more verified offers: second offers of the first 10 students, better than their first.
    for (let i = 0; i < 10; i++) {
      const who = students[i]!;
      await placementOffer(ctx.db, {
        student: who.id,
        batch: who.batch,
        employer: bank.id,
        ctc: 2_000_000 + i,
        status: 'verified',
      });
      verified.push({ key: `${who.batch}:${who.id}`, ctc: 2_000_000 + i, employer: bank.id });
    }
    // An unfinished batch's verified offers are not reported yet.
    const running = await placementBatch(ctx.db, program, 'Figures running', istDay(30));
    const [runner] = await placementStudents(ctx.db, running, 1, { status: 'active' });
    await placementOffer(ctx.db, {
      student: runner!,
      batch: running,
      employer: bank.id,
      ctc: 9_900_000,
      status: 'verified',
    });

    const best = new Map<string, number>();
    for (const v of verified) best.set(v.key, Math.max(best.get(v.key) ?? 0, v.ctc));
    const ctcs = [...best.values()].sort((a, b) => a - b);
    const expectedMedian = Math.round((ctcs[49]! + ctcs[50]!) / 2);

    const figures = (await summary()).programs.find((p) => p.program === program)!;
    expect(figures).toMatchObject({
      completed: 300,
      opted_out: 0,
      eligible: 300,
      placed: 100,
      placement_rate: 33.3,
      median_ctc: expectedMedian,
      highest_ctc: ctcs.at(-1),
      lowest_ctc: ctcs[0],
      employers: 2,
    });
    expect(figures.batches.map((b) => b.batch_name)).toEqual(['Figures 2024', 'Figures 2025', 'Figures 2026']);
    expect(figures.batches.map((b) => b.placed)).toEqual([100, 0, 0]);
  });

  it('students who opted out of placement are not eligible, and a student who did not complete is not counted', async () => {
    const program = (await insertProgram(ctx.db, 'Opt-out Program', 1)).programId;
    const batch = await placementBatch(ctx.db, program, 'Opt-out batch', '2025-06-30');
    const bank = await employer('Opt-out Bank');
    const [placed] = await placementStudents(ctx.db, batch, 1, { status: 'completed' });
    await placementStudents(ctx.db, batch, 2, { status: 'completed', optedOut: true });
    await placementStudents(ctx.db, batch, 1, { status: 'cancelled' });
    await placementStudents(ctx.db, batch, 1, { status: 'completed' });
    await placementOffer(ctx.db, { student: placed!, batch, employer: bank.id, ctc: 700_000, status: 'verified' });
    const figures = (await summary()).programs.find((p) => p.program === program)!;
    expect(figures).toMatchObject({ completed: 4, opted_out: 2, eligible: 2, placed: 1, placement_rate: 50 });
  });
});

describe('a student reports an offer; the office verifies it', () => {
  it('a claimed offer counts in no figure until an administrator verifies the letter (with a note, audited)', async () => {
    const before = (await summary()).overall.placed;
    const reported = await ctx.request({
      method: 'POST',
      url: P.studentOffers,
      token: student.access,
      body: {
        batch: batchId,
        employer_name: 'Reported Bank Ltd',
        designation: 'Credit Analyst',
        annual_ctc: 650000,
        offer_date: istDay(-3),
      },
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    const offer = reported.body as Offer;
    expect(offer).toMatchObject({ status: 'claimed', verified_via: null, employer_name: 'Reported Bank Ltd' });
    expect((await summary()).overall.placed).toBe(before);

    const short = await ctx.request({
      method: 'POST',
      url: P.verifyOffer(offer.id),
      token: admin.access,
      body: { note: 'ok' },
    });
    expect(short.status).toBe(400);
    const verify = await ctx.request({
      method: 'POST',
      url: P.verifyOffer(offer.id),
      token: admin.access,
      body: { note: 'Offer letter on the bank letterhead, signed by HR.' },
    });
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(verify.body).toMatchObject({ status: 'verified', verified_via: 'document' });
    expect((await summary()).overall.placed).toBe(before + 1);
    const again = await ctx.request({
      method: 'POST',
      url: P.rejectOffer(offer.id),
      token: admin.access,
      body: { note: 'Changed my mind about this one.' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: PLACEMENT_MESSAGES.notClaimed });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'placement_offer')
      .where('entity_id', '=', offer.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'verify']);
  });

  it('refuses an offer for a batch the student did not study in', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: P.studentOffers,
      token: stranger.access,
      body: {
        batch: batchId,
        employer_name: 'Any Bank',
        designation: 'Analyst',
        annual_ctc: 500000,
        offer_date: istDay(-1),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PLACEMENT_MESSAGES.notEnrolled });
  });
});

describe('hiring partners and the wording rule', () => {
  it('an employer is a hiring partner only with a verified offer, or marked so with a reason', async () => {
    const quiet = await employer('Quiet Capital');
    expect((await summary()).partners.map((p) => p.name)).not.toContain('Quiet Capital');
    const noReason = await ctx.request({
      method: 'PATCH',
      url: P.employer(quiet.id),
      token: admin.access,
      body: { is_partner: true },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ error: PLACEMENT_MESSAGES.partnerReason });
    const marked = await ctx.request({
      method: 'PATCH',
      url: P.employer(quiet.id),
      token: admin.access,
      body: { is_partner: true, partner_reason: 'Signed a campus hiring agreement for 2027.' },
    });
    expect(marked.status).toBe(200);
    expect((await summary()).partners.map((p) => p.name)).toContain('Quiet Capital');
  });

  it.each([
    ['description', 'Guaranteed placement in a top bank.', 'Guaranteed'],
    ['title', '100% Placement Credit Program', '100% Placement'],
    ['subtitle', 'A job guarantee for every graduate', 'job guarantee'],
  ])('refuses a program whose %s promises a job', async (field, text, word) => {
    const res = await ctx.request({
      method: 'POST',
      url: API.programs.create,
      token: admin.access,
      body: {
        title: 'Honest Program',
        description: 'Credit analysis with 100% placement assistance and bank guarantees explained.',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'graduates',
        price: 50000,
        duration_weeks: 12,
        [field]: text,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ [field]: [PLACEMENT_MESSAGES.wording(word)] });
  });

  it('accepts "placement assistance" (a service) and "bank guarantees" (an instrument)', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.programs.create,
      token: admin.access,
      body: {
        title: 'Trade Finance with Placement Assistance',
        description: 'Letters of credit and bank guarantees, with 100% placement assistance.',
        level: 'beginner',
        category: 'credit_analyst',
        target_audience: 'graduates',
        price: 50000,
        duration_weeks: 12,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('who may do what', () => {
  const adminRoutes = (offer: number, emp: number) => [
    { method: 'GET' as const, url: P.employers },
    { method: 'POST' as const, url: P.employers, body: { name: 'Matrix Bank', sector: 'bank' } },
    { method: 'PATCH' as const, url: P.employer(emp), body: { sector: 'nbfc' } },
    { method: 'GET' as const, url: P.offers },
    { method: 'GET' as const, url: P.offer(offer) },
    { method: 'POST' as const, url: P.verifyOffer(offer), body: { note: 'Checked the offer letter carefully.' } },
  ];

  it('the summary is public; offers are the student’s own; the office is administrators only', async () => {
    expect((await ctx.request({ url: P.summary })).status).toBe(200);
    expect((await ctx.request({ url: P.studentOffers })).status).toBe(401);
    const own = (await ctx.request({ url: P.studentOffers, token: student.access })).body as Offer[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => o.student === student.id)).toBe(true);
    expect((await ctx.request({ url: P.studentOffers, token: stranger.access })).body).toEqual([]);

    const emp = await employer('Matrix Employer');
    const offer = await placementOffer(ctx.db, {
      student: student.id,
      batch: batchId,
      employer: emp.id,
      ctc: 600000,
      status: 'claimed',
    });
    for (const route of adminRoutes(offer, emp.id)) {
      expect((await ctx.request({ ...route })).status, `${route.method} ${route.url} anonymous`).toBe(401);
      expect(
        (await ctx.request({ ...route, token: student.access })).status,
        `${route.method} ${route.url} student`,
      ).toBe(403);
    }
    for (const route of adminRoutes(offer, emp.id)) {
      const res = await ctx.request({ ...route, token: admin.access });
      expect(res.status, `${route.method} ${route.url} admin: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });
});
