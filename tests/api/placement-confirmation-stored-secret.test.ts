import { beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_MESSAGES, PLACEMENT_PATHS as P, type Offer } from '../../contract/index.ts';
import { istDay } from './support/certificate-fixtures.ts';
import { addEmployer, confirmationTokenSentTo, usePlacementWorld } from './support/placement-world.ts';

/**
 * The employer's confirmation link when no JWT_SECRET is configured (as `npm start` runs): the link's key
 * derives from the secret the server keeps in the database. Reading it inside the request's transaction
 * waited forever on SQLite's one connection, so "Ask employer" never answered.
 */
const world = usePlacementWorld({ jwtSecret: null });

describe('Ask employer with the secret kept in the database', () => {
  let offer: Offer;
  beforeAll(async () => {
    const employer = await addEmployer(world, 'Kaveri Finance', {
      website: 'https://kaverifinance.example',
      hr_contacts: [{ name: 'HR', email: 'hr@kaverifinance.example' }],
    });
    const res = await world.ctx.request({
      method: 'POST',
      url: P.offers,
      token: world.admin.access,
      body: {
        student: world.student.id,
        batch: world.batchId,
        employer: employer.id,
        designation: 'Credit Officer',
        annual_ctc: 610000,
        offer_date: istDay(-3),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    offer = res.body as Offer;
  });

  it('sends the link, and the link the email carries opens the offer and confirms it', async () => {
    const { ctx, admin } = world;
    const sent = await ctx.request({
      method: 'POST',
      url: P.requestConfirmation(offer.id),
      token: admin.access,
      body: { contact_email: 'hr@kaverifinance.example' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ sent_to: 'hr@kaverifinance.example' });

    const token = await confirmationTokenSentTo(ctx, 'hr@kaverifinance.example');
    const view = await ctx.request({ method: 'POST', url: P.confirmation, body: { token } });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ employer_name: 'Kaveri Finance', designation: 'Credit Officer' });
    const answer = await ctx.request({
      method: 'POST',
      url: P.confirmationAnswer,
      body: { token, decision: 'confirm' },
    });
    expect(answer.body).toEqual({ message: PLACEMENT_MESSAGES.confirmed });
    expect((await ctx.request({ url: P.offer(offer.id), token: admin.access })).body).toMatchObject({
      status: 'verified',
      verified_via: 'employer',
    });
  });
});
