import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFY_MESSAGES,
  NOTIFY_PATHS as P,
  type AdminMessage,
  type Paginated,
  type Preferences,
} from '../../contract/index.ts';
import { setClock } from '../../server/platform/lib/clock.ts';
import { messagingApp, optIn, statusPayload, whatsappHook } from './support/messaging-app.ts';
import { notifyWorld } from './support/notify-fixtures.ts';

/**
 * WhatsApp and SMS (decision records 073 and 074) through the messaging sandbox: opt-in and STOP, quiet
 * hours with a controllable clock, signed webhooks (a bad signature refused, a replayed status a no-op),
 * the fallback WhatsApp → SMS → email, and two workers sending each message once.
 */
let m: Awaited<ReturnType<typeof messagingApp>>;
let w: Awaited<ReturnType<typeof notifyWorld>>;
// 12:00 and 22:00 IST on one day.
const NOON = Date.parse('2030-03-04T06:30:00Z');
const NIGHT = Date.parse('2030-03-04T16:30:00Z');

beforeAll(async () => {
  m = await messagingApp();
  w = await notifyWorld(m.ctx, 'chan');
});
afterAll(async () => m?.close());
afterEach(() => setClock(null));

const announce = (urgent: boolean, title = 'Class moves to 8 pm') =>
  m.ctx.request({
    method: 'POST',
    url: P.announcements(w.batchA),
    token: w.instructor.access,
    body: { title, body: 'See you then.', urgent },
  });
const rowsOf = (userId: number) =>
  m.ctx.db.selectFrom('message_outbox').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const pass = async () => {
  await m.worker().runOnce();
  await m.sandbox.idle();
};

describe('opt-in and quiet hours', () => {
  it('WhatsApp needs the explicit opt-in, recorded with the number in the consent records', async () => {
    const refused = await m.ctx.request({
      method: 'PUT',
      url: P.preferences,
      token: w.student.access,
      body: { kinds: [{ kind: 'announcements', channels: { email: true, whatsapp: true, sms: false } }] },
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await m.ctx.request({
          method: 'POST',
          url: P.whatsapp,
          token: w.student.access,
          body: { opt_in: true, phone: '12345' },
        })
      ).status,
    ).toBe(400);
    await optIn(m.ctx, w.student, '+91 98765 00001');
    const prefs = (await m.ctx.request({ url: P.preferences, token: w.student.access })).body as Preferences;
    expect(prefs).toMatchObject({ phone: '919876500001', whatsapp_opted_in: true });
    const consent = await m.ctx.db
      .selectFrom('consent_events')
      .selectAll()
      .where('user_id', '=', w.student.id)
      .where('purpose', '=', 'whatsapp_service')
      .executeTakeFirst();
    expect(consent).toMatchObject({ granted: 1, phone: '919876500001' });
  });

  it('a non-urgent announcement at 22:00 IST waits for 09:00; an urgent one goes at once', async () => {
    setClock(() => NIGHT);
    const first = await announce(false);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await pass();
    expect(m.sandbox.sent.filter((s) => s.to === '919876500001')).toHaveLength(0);
    expect((await announce(true, 'Class cancelled tonight')).status).toBe(201);
    await pass();
    const now = m.sandbox.sent.filter((s) => s.to === '919876500001');
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ channel: 'whatsapp', template: 'batch_announcement_v1' });
    expect(now[0]!.params[1]).toBe('Class cancelled tonight');
    setClock(() => NIGHT + 10.5 * 3_600_000); // 08:30 IST
    await pass();
    expect(m.sandbox.sent.filter((s) => s.to === '919876500001')).toHaveLength(1);
    setClock(() => NIGHT + 11 * 3_600_000 + 60_000); // 09:01 IST
    await pass();
    expect(m.sandbox.sent.filter((s) => s.to === '919876500001')).toHaveLength(2);
    const rows = await rowsOf(w.student.id);
    expect(rows.filter((r) => r.channel === 'whatsapp').map((r) => r.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('webhooks', () => {
  it('the hub.challenge handshake answers the challenge only for the verify token', async () => {
    const ok = await fetch(
      `${m.ctx.url}${P.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=sandbox-verify-token&hub.challenge=1158201444`,
    );
    expect(await ok.text()).toBe('1158201444');
    const bad = await fetch(
      `${m.ctx.url}${P.whatsappWebhook}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
    );
    expect(bad.status).toBe(403);
  });

  it('a bad signature is refused and changes nothing; a replayed or late status changes nothing', async () => {
    const [row] = (await rowsOf(w.student.id)).filter((r) => r.channel === 'whatsapp');
    const id = row!.provider_message_id!;
    const forged = await whatsappHook(m.ctx.url, statusPayload(id, 'failed'), 'not-the-app-secret');
    expect(forged.status).toBe(401);
    for (const status of ['delivered', 'sent', 'failed', 'delivered']) {
      expect((await whatsappHook(m.ctx.url, statusPayload(id, status))).status).toBe(200);
    }
    const after = (await rowsOf(w.student.id)).find((r) => r.id === row!.id)!;
    expect(after).toMatchObject({ status: 'delivered', status_at: row!.status_at });
    // No fallback was added by the replayed failure.
    expect((await rowsOf(w.student.id)).filter((r) => r.fallback_of === row!.id)).toHaveLength(0);
  });

  it('a status that arrives before its send is recorded is answered 503, so the provider sends it again', async () => {
    const early = await whatsappHook(m.ctx.url, statusPayload('wamid.not-recorded-yet', 'delivered'));
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ detail: NOTIFY_MESSAGES.statusBeforeSend });
  });
});

describe('fallback', () => {
  it('WhatsApp that fails goes by SMS; SMS that fails goes by email; the admin sees it masked', async () => {
    await optIn(m.ctx, w.classmate, '9876500002');
    m.sandbox.failNumbers.add('919876500002');
    setClock(() => NOON);
    expect((await announce(false, 'Bring a calculator')).status).toBe(201);
    await pass(); // WhatsApp accepted, then reported failed → SMS queued
    await pass(); // SMS accepted, then reported failed → email queued
    await pass(); // the email goes to the mail outbox
    const rows = (await rowsOf(w.classmate.id)).slice(-3);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'failed'],
      ['email', 'sent'],
    ]);
    expect(rows[1]!.fallback_of).toBe(rows[0]!.id);
    expect(rows[2]!.fallback_of).toBe(rows[1]!.id);
    const sms = m.sandbox.sent.find((s) => s.channel === 'sms' && s.to === '919876500002');
    expect(sms?.template).toBe('1107170000000000040');
    const list = (await m.ctx.request({ url: P.messages, token: w.admin.access })).body as Paginated<AdminMessage>;
    const shown = list.results.find((r) => r.id === rows[1]!.id)!;
    expect(shown).toMatchObject({ channel: 'sms', to: '91******0002', status: 'failed', fallback_of: rows[0]!.id });
    expect(JSON.stringify(list)).not.toContain('9876500002');
    expect((await m.ctx.request({ url: P.messages, token: w.student.access })).status).toBe(403);
    // Filtered by channel and status (the tab's filters); a status the server does not know is a 400.
    const failedSms = (
      await m.ctx.request({ url: `${P.messages}?channel=sms&status=failed`, token: w.admin.access })
    ).body as Paginated<AdminMessage>;
    expect(failedSms.results.map((r) => r.id)).toContain(rows[1]!.id);
    expect(failedSms.results.every((r) => r.channel === 'sms' && r.status === 'failed')).toBe(true);
    expect(failedSms.count).toBe(failedSms.results.length);
    const bad = await m.ctx.request({ url: `${P.messages}?status=lost`, token: w.admin.access });
    expect(bad.status).toBe(400);
  });

  it('WhatsApp not delivered within 5 minutes goes by SMS', async () => {
    m.sandbox.failNumbers.delete('919876500002');
    m.sandbox.silentNumbers.add('919876500002');
    setClock(() => NOON);
    expect((await announce(false, 'Slides are up')).status).toBe(201);
    await pass();
    const [wa] = (await rowsOf(w.classmate.id)).slice(-1);
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'sent' });
    setClock(() => NOON + 4 * 60_000);
    await pass();
    expect((await rowsOf(w.classmate.id)).slice(-1)[0]!.id).toBe(wa!.id);
    setClock(() => NOON + 6 * 60_000);
    await pass();
    const rows = (await rowsOf(w.classmate.id)).slice(-2);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'undelivered'],
      ['sms', 'delivered'],
    ]);
  });
});

describe('STOP', () => {
  it('a STOP reply on WhatsApp opts the number out at once, recorded as a consent withdrawal', async () => {
    m.sandbox.reply('whatsapp', '919876500001', 'stop');
    await m.sandbox.idle();
    const prefs = (await m.ctx.request({ url: P.preferences, token: w.student.access })).body as Preferences;
    expect(prefs.whatsapp_opted_in).toBe(false);
    const last = await m.ctx.db
      .selectFrom('consent_events')
      .selectAll()
      .where('user_id', '=', w.student.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(last).toMatchObject({
      purpose: 'whatsapp_service',
      granted: 0,
      source: 'stop_reply',
      phone: '919876500001',
    });
    setClock(() => NOON);
    const before = m.sandbox.sent.length;
    expect((await announce(true, 'After the stop')).status).toBe(201);
    await pass();
    expect(m.sandbox.sent.slice(before).some((s) => s.to === '919876500001')).toBe(false);
  });

  it('a STOP reply by SMS stops SMS to that number', async () => {
    m.sandbox.reply('sms', '919876500002', 'STOP');
    await m.sandbox.idle();
    const prefs = (await m.ctx.request({ url: P.preferences, token: w.classmate.access })).body as Preferences;
    expect(prefs.sms_stopped).toBe(true);
  });
});
