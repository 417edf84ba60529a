import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MFA_PATHS,
  NOTIFY_PATHS as P,
  PRIVACY_PATHS,
  type Preferences,
  type PrivacyRequest,
} from '../../contract/index.ts';
import type { TestUser } from './support/harness.ts';
import { messagingApp, optIn } from './support/messaging-app.ts';
import { notifyWorld } from './support/notify-fixtures.ts';

/**
 * One phone number per person (decision record 084): the WhatsApp opt-in's number is the profile's, a number
 * changed on the profile is where the next message goes, and an erased student's number is left nowhere.
 */
let m: Awaited<ReturnType<typeof messagingApp>>;
let w: Awaited<ReturnType<typeof notifyWorld>>;

beforeAll(async () => {
  m = await messagingApp();
  w = await notifyWorld(m.ctx, 'phone');
});
afterAll(async () => m?.close());

/** The phone in the student's own data export (profile.json), as they would read it. */
async function exportedPhone(who: TestUser): Promise<string | null> {
  const zip = await m.ctx.app.inject({
    method: 'GET',
    url: PRIVACY_PATHS.dataExport,
    headers: { authorization: `Bearer ${who.access}` },
  });
  expect(zip.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(zip.rawPayload));
  const [profile] = JSON.parse(strFromU8(files['profile.json']!)) as { phone: string | null }[];
  expect(
    Object.keys(files).some((f) => f.startsWith('notification_settings') && strFromU8(files[f]!).includes('phone')),
  ).toBe(false);
  return profile!.phone;
}
const preferences = async (who: TestUser) =>
  (await m.ctx.request({ url: P.preferences, token: who.access })).body as Preferences;
const changeProfilePhone = (who: TestUser, phone: string | null) =>
  m.ctx.request({ method: 'PATCH', url: MFA_PATHS.profile, token: who.access, body: { phone } });
const announce = (title: string) =>
  m.ctx.request({
    method: 'POST',
    url: P.announcements(w.batchA),
    token: w.instructor.access,
    body: { title, body: 'See you there.', urgent: true },
  });
const pass = async () => {
  await m.worker().runOnce();
  await m.sandbox.idle();
};

describe('the one phone number', () => {
  it('opting in to WhatsApp with a number makes it the profile’s number', async () => {
    expect(await exportedPhone(w.student)).toBeNull();
    await optIn(m.ctx, w.student, '+91 98765 00021');
    expect(await exportedPhone(w.student)).toBe('9876500021');
    expect((await preferences(w.student)).phone).toBe('919876500021');
  });

  it('a number given at registration or on the profile is the one SMS can use, without a second entry', async () => {
    const refused = await changeProfilePhone(w.classmate, '12345');
    expect(refused.status).toBe(400);
    const changed = await changeProfilePhone(w.classmate, '98765 00022');
    expect(changed.status).toBe(200);
    expect(await exportedPhone(w.classmate)).toBe('9876500022');
    expect(await preferences(w.classmate)).toMatchObject({ phone: '919876500022', whatsapp_opted_in: false });
  });

  it('a number changed on the profile is where the next message goes', async () => {
    const changed = await changeProfilePhone(w.student, '+91 98765 00031');
    expect(changed.status).toBe(200);
    expect((await preferences(w.student)).phone).toBe('919876500031');
    const before = m.sandbox.sent.length;
    expect((await announce('Mock test moves to Monday')).status).toBe(201);
    await pass();
    const sent = m.sandbox.sent.slice(before).filter((s) => s.to.endsWith('00031') || s.to.endsWith('00021'));
    expect(sent.map((s) => [s.channel, s.to])).toEqual([['whatsapp', '919876500031']]);
    // The opt-in is recorded for the new number too.
    const consent = await m.ctx.db
      .selectFrom('consent_events')
      .select(['granted', 'phone', 'source'])
      .where('user_id', '=', w.student.id)
      .where('purpose', '=', 'whatsapp_service')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(consent).toEqual({ granted: 1, phone: '919876500031', source: 'account' });
  });

  it('erasure leaves neither number anywhere', async () => {
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
    const user = await m.ctx.db.selectFrom('users').select('phone').where('id', '=', w.student.id).executeTakeFirst();
    expect(user?.phone).toBeNull();
    for (const number of ['9876500021', '9876500031']) {
      const inUsers = await m.ctx.db.selectFrom('users').select('id').where('phone', '=', number).execute();
      const inMessages = await m.ctx.db
        .selectFrom('message_outbox')
        .select('id')
        .where('phone', '=', `91${number}`)
        .execute();
      const inConsents = await m.ctx.db
        .selectFrom('consent_events')
        .select('id')
        .where('phone', '=', `91${number}`)
        .execute();
      expect([inUsers, inMessages, inConsents]).toEqual([[], [], []]);
    }
  });
});
