import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { API, FIELD_MESSAGES, PRIVACY_PATHS, TokenPair, type PrivacyRequest } from '../../contract/index.ts';
import { admin, ctx, usePrivacyRightsApp } from './support/privacy-rights-app.ts';

/**
 * Registration asks for the mobile number when WhatsApp or SMS messages are consented to (issue 39): without
 * a valid Indian mobile the answer is a 400 on `phone`; with one, the number is the account's, in its data
 * export, and gone after erasure.
 */

usePrivacyRightsApp();

const person = { password: 'long-enough-1', first_name: 'Meera', last_name: 'Iyer', is_adult: true };
const signUp = (username: string, extra: Record<string, unknown>, ip: string) =>
  ctx.request({
    method: 'POST',
    url: API.register,
    ip,
    body: { username, email: `${username}@example.in`, ...person, ...extra },
  });
const account = (username: string) =>
  ctx.db.selectFrom('users').select(['id', 'phone']).where('username', '=', username).executeTakeFirst();

describe('the phone number at registration', () => {
  it('refuses WhatsApp or SMS consent without a number, saying so on the phone field; nothing is created', async () => {
    for (const [i, purpose] of (['whatsapp', 'sms'] as const).entries()) {
      const res = await signUp(`nophone${i}`, { consents: { [purpose]: true } }, `10.9.0.${i + 1}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ phone: [FIELD_MESSAGES.phoneForMessages] });
      expect(await account(`nophone${i}`)).toBeUndefined();
    }
    const blank = await signUp('blankphone', { consents: { sms: true }, phone: '  ' }, '10.9.0.3');
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ phone: [FIELD_MESSAGES.phoneRequired] });
  });

  it('refuses a number that is not an Indian mobile', async () => {
    for (const phone of ['12345', '5876543210', '+44 7911 123456']) {
      const res = await signUp('badphone', { consents: { whatsapp: true }, phone }, '10.9.0.4');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ phone: [FIELD_MESSAGES.phone] });
    }
    expect(await account('badphone')).toBeUndefined();
  });

  it('without WhatsApp or SMS consent no number is needed, and an empty one is none', async () => {
    const res = await signUp('emailonly', { consents: { marketing_email: true }, phone: '' }, '10.9.0.5');
    expect(res.status).toBe(201);
    expect((await account('emailonly'))?.phone).toBeNull();
  });

  it('keeps the number as ten digits, exports it in the profile and clears it on erasure', async () => {
    const res = await signUp('withphone', { consents: { whatsapp: true }, phone: '+91 98765-43210' }, '10.9.0.6');
    expect(res.status).toBe(201);
    const { access } = TokenPair.parse(res.body);
    const row = await account('withphone');
    expect(row?.phone).toBe('9876543210');

    const zip = await ctx.app.inject({
      method: 'GET',
      url: PRIVACY_PATHS.dataExport,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { phone: string }[];
    expect(profile.map((p) => p.phone)).toEqual(['9876543210']);

    const made = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.erasureRequest,
      token: access,
      body: { password: person.password },
    });
    expect(made.status).toBe(201);
    const id = (made.body as PrivacyRequest).id;
    for (const action of ['verify', 'complete']) {
      const moved = await ctx.request({
        method: 'POST',
        url: PRIVACY_PATHS.adminRequest(id),
        token: admin.access,
        body: { action },
      });
      expect(moved.status).toBe(200);
    }
    const erased = await ctx.db.selectFrom('users').selectAll().where('id', '=', row!.id).executeTakeFirstOrThrow();
    expect(erased.phone).toBeNull();
    expect(erased.username).toBe(`erased-${row!.id}`);
  });
});
