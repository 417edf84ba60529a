import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATHS as P, PRIVACY_PATHS, type PrivacyRequest } from '../../contract/index.ts';
import { messagingApp, optIn } from './support/messaging-app.ts';
import { notifyWorld } from './support/notify-fixtures.ts';

/**
 * Where notifications meet personal data (decision records 046 and 073): an erased student's WhatsApp
 * number is gone from their settings, their consent records and the messages sent to them (deleted with
 * their notifications), so no row keeps it.
 */
let m: Awaited<ReturnType<typeof messagingApp>>;
let w: Awaited<ReturnType<typeof notifyWorld>>;

beforeAll(async () => {
  m = await messagingApp();
  w = await notifyWorld(m.ctx, 'erase');
});
afterAll(async () => m?.close());

describe('erasure and the messages sent', () => {
  it('leaves the number in no settings, consent record or message', async () => {
    await optIn(m.ctx, w.student, '+91 98765 00011');
    const posted = await m.ctx.request({
      method: 'POST',
      url: P.announcements(w.batchA),
      token: w.instructor.access,
      body: { title: 'Mock test on Friday', body: 'Bring a calculator.', urgent: true },
    });
    expect(posted.status).toBe(201);
    await m.worker().runOnce();
    await m.sandbox.idle();
    const sent = () => m.ctx.db.selectFrom('message_outbox').selectAll().where('user_id', '=', w.student.id).execute();
    expect((await sent()).map((r) => r.phone)).toContain('919876500011');

    const made = await m.ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: w.student.access,
      body: { password: w.student.password, reason: 'leaving' },
    });
    expect(made.status).toBe(201);
    const id = (made.body as PrivacyRequest).id;
    for (const action of ['verify', 'complete']) {
      const done = await m.ctx.request({
        method: 'POST',
        url: PRIVACY_PATHS.adminRequest(id),
        token: w.admin.access,
        body: { action },
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }

    expect(await sent()).toEqual([]);
    const withNumber = await m.ctx.db
      .selectFrom('message_outbox')
      .select('id')
      .where('phone', '=', '919876500011')
      .execute();
    expect(withNumber).toEqual([]);
    const consents = await m.ctx.db
      .selectFrom('consent_events')
      .select('phone')
      .where('user_id', '=', w.student.id)
      .execute();
    expect(consents.every((c) => c.phone === null)).toBe(true);
    const settings = await m.ctx.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', w.student.id)
      .execute();
    expect(settings).toEqual([]);
  });
});
