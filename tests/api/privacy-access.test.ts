import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PATHS, type ConsentState, type PrivacyRequest } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Who may call the data-protection endpoints: anonymous, a student, another student, an administrator.
 * A student's own endpoints answer about the caller only (another student sees their own, never the
 * first's); the Privacy tab's endpoints are administrators'.
 */
let ctx: TestContext;
const who: Record<'student' | 'other' | 'admin', TestUser> = {} as never;
let requestId = 0;
let incidentId = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  who.student = await ctx.user('matrixstudent');
  who.other = await ctx.user('matrixother');
  who.admin = await ctx.user('matrixadmin', 'admin');
  const made = await ctx.request({
    method: 'POST',
    url: PRIVACY_PATHS.erasureRequest,
    token: who.student.access,
    body: { password: who.student.password },
  });
  requestId = (made.body as PrivacyRequest).id;
  const incident = await ctx.request({
    method: 'POST',
    url: PRIVACY_PATHS.adminIncidents,
    token: who.admin.access,
    body: {
      aware_at: new Date().toISOString(),
      data_categories: 'emails',
      people_affected: 1,
      description: 'x',
      notice_text: 'y',
      affected_emails: ['z@example.in'],
    },
  });
  incidentId = (incident.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

type Caller = 'anonymous' | 'student' | 'other' | 'admin';
const rows: {
  name: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: (c: Caller) => unknown;
  expect: Record<Caller, number>;
}[] = [
  {
    name: 'policy',
    method: 'GET',
    url: () => PRIVACY_PATHS.policy('privacy'),
    expect: { anonymous: 200, student: 200, other: 200, admin: 200 },
  },
  {
    name: 'consents read',
    method: 'GET',
    url: () => PRIVACY_PATHS.consents,
    expect: { anonymous: 401, student: 200, other: 200, admin: 200 },
  },
  {
    name: 'consent change',
    method: 'POST',
    url: () => PRIVACY_PATHS.consents,
    body: () => ({ purpose: 'sms', granted: true }),
    expect: { anonymous: 401, student: 200, other: 200, admin: 200 },
  },
  {
    name: 'data export',
    method: 'GET',
    url: () => PRIVACY_PATHS.dataExport,
    expect: { anonymous: 401, student: 200, other: 200, admin: 200 },
  },
  {
    name: 'erasure request (a wrong password)',
    method: 'POST',
    url: () => PRIVACY_PATHS.erasureRequest,
    body: () => ({ password: 'not-the-password' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 403 },
  },
  {
    name: 'admin requests list',
    method: 'GET',
    url: () => PRIVACY_PATHS.adminRequests,
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  {
    name: 'admin request verify',
    method: 'POST',
    url: () => PRIVACY_PATHS.adminRequest(requestId),
    body: () => ({ action: 'verify' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  {
    name: 'incidents list',
    method: 'GET',
    url: () => PRIVACY_PATHS.adminIncidents,
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
  {
    name: 'incident create',
    method: 'POST',
    url: () => PRIVACY_PATHS.adminIncidents,
    body: () => ({ aware_at: new Date().toISOString(), data_categories: 'x', people_affected: 0, description: 'x' }),
    expect: { anonymous: 401, student: 403, other: 403, admin: 201 },
  },
  {
    name: 'incident notify',
    method: 'POST',
    url: () => PRIVACY_PATHS.adminIncidentNotify(incidentId),
    expect: { anonymous: 401, student: 403, other: 403, admin: 200 },
  },
];

describe('access matrix of the data-protection endpoints', () => {
  for (const row of rows) {
    it(row.name, async () => {
      const got: Record<string, number> = {};
      for (const caller of ['anonymous', 'student', 'other', 'admin'] as const) {
        const token = caller === 'anonymous' ? null : who[caller].access;
        got[caller] = (
          await ctx.request({ method: row.method, url: row.url(), token, body: row.body?.(caller) })
        ).status;
      }
      expect(got).toEqual(row.expect);
    });
  }

  it('each student reads and exports only their own data', async () => {
    // Only the first student gives WhatsApp consent: the other's answer does not show it. (Comparing the
    // two answers whole was not enough: the matrix gives both the same consents, often in the same second.)
    const given = await ctx.request({
      method: 'POST',
      url: PRIVACY_PATHS.consents,
      token: who.student.access,
      body: { purpose: 'whatsapp', granted: true },
    });
    expect(given.status).toBe(200);
    const whatsapp = async (user: TestUser) =>
      ((await ctx.request({ url: PRIVACY_PATHS.consents, token: user.access })).body as ConsentState).purposes.find(
        (p) => p.purpose === 'whatsapp',
      )?.granted;
    expect(await whatsapp(who.student)).toBe(true);
    expect(await whatsapp(who.other)).toBe(false);
    const zip = await ctx.app.inject({
      url: PRIVACY_PATHS.dataExport,
      headers: { authorization: `Bearer ${who.other.access}` },
    });
    const { unzipSync, strFromU8 } = await import('fflate');
    const profile = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['profile.json']!);
    expect(profile).toContain('matrixother');
    expect(profile).not.toContain('matrixstudent');
  });
});
