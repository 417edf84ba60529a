import { beforeAll, describe, expect, it } from 'vitest';
import { Workshop } from '../../contract/index.ts';
import { completeThroughGateway, createWorkshop, workshopInput } from './support/fixtures.ts';
import { admin, asha, ctx, list, useAdminAndAsha } from './support/admin-and-asha.ts';

useAdminAndAsha();

describe('workshops', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const day = 86_400_000;
    ids = {
      soonFree: await createWorkshop(ctx, admin.access, {
        title: 'Soon Free',
        price: 0,
        date: new Date(Date.now() + day).toISOString(),
      }),
      later: await createWorkshop(ctx, admin.access, {
        title: 'Later Paid',
        date: new Date(Date.now() + 9 * day).toISOString(),
      }),
      past: await createWorkshop(ctx, admin.access, {
        title: 'Past Paid',
        date: new Date(Date.now() - 3 * day).toISOString(),
      }),
      pastFree: await createWorkshop(ctx, admin.access, {
        title: 'Past Free',
        price: 0,
        date: new Date(Date.now() - 9 * day).toISOString(),
      }),
      hidden: await createWorkshop(ctx, admin.access, { title: 'Hidden', is_active: false }),
    };
  });

  it.each([
    ['', ['Past Free', 'Past Paid', 'Soon Free', 'Later Paid']],
    ['upcoming=true', ['Soon Free', 'Later Paid']],
    ['past=true', ['Past Paid', 'Past Free']],
    ['is_free=true', ['Past Free', 'Soon Free']],
    ['is_free=true&upcoming=true', ['Soon Free']],
  ])('lists with %s', async (query, titles) => {
    const workshops = await list<Workshop>(`/classroom/workshops/?${query}`);
    expect(workshops.map((w) => w.title)).toEqual(titles);
    for (const w of workshops) expect(Workshop.parse(w)).toEqual(w);
  });

  it('derives is_free from the price and shows seats', async () => {
    const res = await ctx.request({ url: `/classroom/workshops/${ids.soonFree}/` });
    expect(res.body).toMatchObject({
      is_free: true,
      price: 0,
      current_participants: 0,
      max_participants: 40,
      is_live: true,
    });
    expect((await ctx.request({ url: `/classroom/workshops/${ids.hidden}/` })).status).toBe(404);
    expect(
      (await list<Workshop>('/classroom/workshops/?include_inactive=true', admin.access)).some(
        (w) => w.id === ids.hidden,
      ),
    ).toBe(true);
  });

  it('validates writes; max participants never drop below the seats taken', async () => {
    const bad = await ctx.request({
      method: 'POST',
      url: '/classroom/workshops/create/',
      token: admin.access,
      body: { title: '', date: 'tomorrow', duration_hours: 0, max_participants: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      title: ['Title is required.'],
      date: ['Date must be an ISO date-time.'],
      duration_hours: ['Duration must be more than 0 hours.'],
      max_participants: ['Maximum participants must be at least 1.'],
    });

    const id = await createWorkshop(ctx, admin.access, { max_participants: 5 });
    const payment = (
      await ctx.request({ method: 'POST', url: `/classroom/workshops/${id}/payment/`, token: asha.access, body: {} })
    ).body as { id: number };
    await completeThroughGateway(ctx, asha.access, payment.id);
    const shrink = await ctx.request({
      method: 'PUT',
      url: `/classroom/workshops/${id}/update/`,
      token: admin.access,
      body: workshopInput({ max_participants: 0 }),
    });
    expect(shrink.status).toBe(400);
    const ok = await ctx.request({
      method: 'PUT',
      url: `/classroom/workshops/${id}/update/`,
      token: admin.access,
      body: workshopInput({ title: 'Renamed', max_participants: 1 }),
    });
    expect(ok).toMatchObject({ status: 200, body: { title: 'Renamed', max_participants: 1, current_participants: 1 } });
    // It has history: deleting archives it.
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/workshops/${id}/delete/`, token: admin.access })).status,
    ).toBe(204);
    expect(
      (await ctx.db.selectFrom('workshops').select('is_active').where('id', '=', id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(0);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/classroom/workshops/${ids.later}/delete/`, token: admin.access }))
        .status,
    ).toBe(204);
    expect(
      await ctx.db.selectFrom('workshops').select('id').where('id', '=', ids.later!).executeTakeFirst(),
    ).toBeUndefined();
  });
});
