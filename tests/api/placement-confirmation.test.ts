import { beforeAll, describe, expect, it } from 'vitest';
import { API, PLACEMENT_MESSAGES, PLACEMENT_PATHS as P, type Employer, type Offer } from '../../contract/index.ts';
import { istDay } from './support/certificate-fixtures.ts';
import type { TestContext, TestUser } from './support/harness.ts';
import { addEmployer, confirmationTokenSentTo, usePlacementWorld } from './support/placement-world.ts';

/** Placement (decision record 070): the employer's single-use confirmation link. */
const world = usePlacementWorld();
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let batchId: number;
beforeAll(() => ({ ctx, admin, student, batchId } = world));

const employer = (name: string, extra: Record<string, unknown> = {}) => addEmployer(world, name, extra);

describe("the employer's confirmation link", () => {
  async function claimedOffer(ctc = 720000) {
    const res = await ctx.request({
      method: 'POST',
      url: P.offers,
      token: admin.access,
      body: {
        student: student.id,
        batch: batchId,
        employer: confirmingEmployer.id,
        designation: 'Risk Analyst',
        annual_ctc: ctc,
        offer_date: istDay(-2),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Offer;
  }
  let confirmingEmployer: Employer;
  beforeAll(async () => {
    confirmingEmployer = await employer('Narmada Lending', {
      website: 'https://www.narmadalending.example',
      hr_contacts: [
        { name: 'HR Desk', email: 'hr@careers.narmadalending.example' },
        { name: 'Gmail Person', email: 'narmada.hr@gmail.example' },
      ],
    });
  });

  const linkSent = () => confirmationTokenSentTo(ctx, 'hr@careers.narmadalending.example');

  it('goes only to an HR contact on the employer’s domain, and the Outbox never shows the link', async () => {
    const offer = await claimedOffer();
    const off = await ctx.request({
      method: 'POST',
      url: P.requestConfirmation(offer.id),
      token: admin.access,
      body: { contact_email: 'narmada.hr@gmail.example' },
    });
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ error: PLACEMENT_MESSAGES.contactNotOnDomain('narmadalending.example') });
    const on = await ctx.request({
      method: 'POST',
      url: P.requestConfirmation(offer.id),
      token: admin.access,
      body: { contact_email: 'hr@careers.narmadalending.example' },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const outbox = await ctx.request({ url: `${API.admin.outbox}?template=offer_confirmation`, token: admin.access });
    expect(JSON.stringify(outbox.body)).not.toMatch(/token=/);
    const token = await linkSent();
    const stored = await ctx.db.selectFrom('offer_confirmations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const view = await ctx.request({ method: 'POST', url: P.confirmation, body: { token } });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      employer_name: 'Narmada Lending',
      designation: 'Risk Analyst',
      annual_ctc: 720000,
    });
    const corrected = await ctx.request({
      method: 'POST',
      url: P.confirmationAnswer,
      body: { token, decision: 'correct', annual_ctc: 700000 },
    });
    expect(corrected.body).toEqual({ message: PLACEMENT_MESSAGES.corrected });
    const after = await ctx.request({ url: P.offer(offer.id), token: admin.access });
    expect(after.body).toMatchObject({ status: 'verified', verified_via: 'employer', annual_ctc: 700000 });

    const twice = await ctx.request({
      method: 'POST',
      url: P.confirmationAnswer,
      body: { token, decision: 'confirm' },
    });
    expect(twice.status).toBe(410);
    expect(twice.body).toEqual({ detail: PLACEMENT_MESSAGES.linkUsed });
  });

  it('expires after 24 hours, and an unknown token is refused', async () => {
    const offer = await claimedOffer(800000);
    await ctx.request({
      method: 'POST',
      url: P.requestConfirmation(offer.id),
      token: admin.access,
      body: { contact_email: 'hr@careers.narmadalending.example' },
    });
    const token = await linkSent();
    await ctx.db
      .updateTable('offer_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('offer_id', '=', offer.id)
      .execute();
    const late = await ctx.request({ method: 'POST', url: P.confirmationAnswer, body: { token, decision: 'confirm' } });
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ detail: PLACEMENT_MESSAGES.linkExpired });
    const unknown = await ctx.request({ method: 'POST', url: P.confirmation, body: { token: `${token}x` } });
    expect(unknown.status).toBe(404);
    expect((await ctx.request({ url: P.offer(offer.id), token: admin.access })).body).toMatchObject({
      status: 'claimed',
    });
  });
});
