import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/index.ts';
import { createProgram, programInput, workshopInput } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * The bad-input sweep: every text field of every request body, and the text query parameter, with a NUL
 * or another C0 control character, answers 400 naming that field, anonymously or not, on SQLite and on
 * PostgreSQL (which refuses NUL in text and used to answer 500).
 */

let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let programId: number;
beforeAll(async () => {
  ctx = await createTestApp({
    config: { loginMaxFailuresPerAddress: 10_000, registerMaxPerAddress: 10_000, counselingMaxPerAddress: 10_000 },
  });
  admin = await ctx.user('sweepadmin', 'admin');
  student = await ctx.user('sweepstudent');
  programId = await createProgram(ctx, admin.access);
});
afterAll(async () => ctx?.close());

type Case = { name: string; method: 'POST' | 'PUT'; url: () => string; token?: () => string; body: () => object };
const CASES: Case[] = [
  { name: 'login', method: 'POST', url: () => API.token, body: () => ({ username: 'sweepstudent', password: 'x' }) },
  {
    name: 'sign-up',
    method: 'POST',
    url: () => API.register,
    body: () => ({
      username: 'fresh.one',
      email: 'fresh.one@example.in',
      password: 'long-enough-1',
      first_name: 'Fresh',
      last_name: 'One',
      is_adult: true,
    }),
  },
  { name: 'refresh', method: 'POST', url: () => API.tokenRefresh, body: () => ({ refresh: 'abc' }) },
  {
    name: 'counseling',
    method: 'POST',
    url: () => API.counseling.create,
    body: () => ({
      name: 'Meera',
      email: 'meera@example.in',
      phone: '9876543210',
      preferred_date: '',
      interest: 'Credit',
      message: 'Hello',
    }),
  },
  {
    name: 'payment start with billing',
    method: 'POST',
    url: () => API.programs.payment(programId),
    token: () => student.access,
    body: () => ({
      payment_method: 'upi',
      billing: { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.in', phone: '9876543210' },
    }),
  },
  {
    name: 'admin program',
    method: 'POST',
    url: () => API.programs.create,
    token: () => admin.access,
    body: () => programInput(),
  },
  {
    name: 'admin workshop',
    method: 'POST',
    url: () => API.workshops.create,
    token: () => admin.access,
    body: () => workshopInput(),
  },
  {
    name: 'admin faculty',
    method: 'POST',
    url: () => API.faculty.create,
    token: () => admin.access,
    body: () => ({
      first_name: 'Ravi',
      last_name: 'K',
      email: 'ravi@example.in',
      expertise: 'Credit',
      experience_years: 3,
      previous_companies: 'Bank',
      bio: 'Bio',
      linkedin_url: 'https://linkedin.com/in/ravi',
    }),
  },
  {
    name: 'admin testimonial',
    method: 'POST',
    url: () => API.testimonials.create,
    token: () => admin.access,
    body: () => ({ title: 'Great', description: 'Good', name: 'Asha' }),
  },
  {
    name: 'admin success story',
    method: 'POST',
    url: () => API.successStories.create,
    token: () => admin.access,
    body: () => ({
      student_name: 'Asha',
      placement_company_name: 'Bank',
      designation: 'Analyst',
      salary: '6L',
      story: 'Story',
    }),
  },
  {
    name: 'admin resource',
    method: 'POST',
    url: () => API.resources.create,
    token: () => admin.access,
    body: () => ({ title: 'Guide', description: 'D', external_url: 'https://example.in/g', file: 'g.pdf' }),
  },
];

/** Every string leaf of a body, as dotted paths. */
function stringPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === 'string') return [path];
    if (v && typeof v === 'object') return stringPaths(v as object, path);
    return [];
  });
}
function withValue(body: object, path: string, value: string): object {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const old = target[last] as string;
  // Keep the value otherwise valid (a URL stays a URL, an e-mail an e-mail) so only the character is wrong.
  target[last] = old.includes('@') ? old.replace('@', `${value}@`) : old === '' ? `x${value}x` : `${old}${value}x`;
  return copy;
}

describe('control characters in request bodies', () => {
  for (const c of CASES) {
    it(`${c.name}: a NUL or an escape in any text field is a 400 naming the field`, async () => {
      for (const path of stringPaths(c.body())) {
        if (path === 'payment_method' || path === 'preferred_date' || path === 'date') continue;
        for (const bad of ['\u0000', '\u001b']) {
          const res = await ctx.request({
            method: c.method,
            url: c.url(),
            token: c.token?.() ?? null,
            body: withValue(c.body(), path, bad),
            ip: '10.77.0.1',
          });
          expect(res.status, `${c.name} ${path} ${JSON.stringify(bad)}: ${res.raw}`).toBe(400);
          expect(res.body, `${c.name} ${path}`).toHaveProperty([path]);
        }
      }
    });
  }

  it('enum, date and id fields with a NUL are 400 too', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: API.programs.payment(programId),
      token: student.access,
      body: { payment_method: 'upi\u0000' },
    });
    expect(res.status).toBe(400);
    const workshop = await ctx.request({
      method: 'POST',
      url: API.workshops.create,
      token: admin.access,
      body: { ...workshopInput(), date: `${workshopInput().date}\u0000` },
    });
    expect(workshop.status).toBe(400);
    expect(workshop.body).toHaveProperty(['date']);
  });

  it('line breaks are refused in one-line fields and kept in multi-line ones', async () => {
    const oneLine = await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      body: { ...CASES[3]!.body(), name: 'Meera\nNair' },
      ip: '10.77.0.2',
    });
    expect(oneLine.status).toBe(400);
    expect(oneLine.body).toHaveProperty(['name']);
    const multi = await ctx.request({
      method: 'POST',
      url: API.counseling.create,
      body: { ...CASES[3]!.body(), message: 'Line one\nLine two\tindented' },
      ip: '10.77.0.2',
    });
    expect(multi.status).toBe(201);
    expect((multi.body as { message: string }).message).toBe('Line one\nLine two\tindented');
  });
});

describe('control characters in query strings and paths', () => {
  it('?search=%00 is a 400 naming the parameter; other encoded controls too', async () => {
    for (const q of ['%00', 'credit%00', '%1B', 'a%0Ab']) {
      const res = await ctx.request({ url: `${API.programs.list}?search=${q}` });
      expect(res.status, q).toBe(400);
      expect(res.body).toHaveProperty(['search']);
    }
    expect((await ctx.request({ url: `${API.programs.list}?search=credit` })).status).toBe(200);
  });

  it('enum and boolean parameters and path ids with a NUL are 400 / 404, never 500', async () => {
    expect((await ctx.request({ url: `${API.programs.list}?level=beginner%00` })).status).toBe(400);
    expect((await ctx.request({ url: `${API.workshops.list}?upcoming=true%00` })).status).toBe(400);
    expect((await ctx.request({ url: `/classroom/programs/1%00/` })).status).toBe(404);
    expect((await ctx.request({ url: `${API.admin.payments}?status=pending%00`, token: admin.access })).status).toBe(
      400,
    );
  });
});
