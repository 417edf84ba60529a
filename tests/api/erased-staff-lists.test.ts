import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_PATHS,
  CERTIFICATE_PATHS,
  DELIVERY_PATHS,
  ERASED_ACCOUNT,
  INSTALMENT_PATHS,
  OPENING_PATHS,
  PLACEMENT_PATHS,
  type Batch,
  type Enrollment,
  type Payment,
  type Program,
} from '../../contract/index.ts';
import { DEMO_CERTIFICATE_HOLDER, DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { completeThroughGateway } from './support/fixtures.ts';
import { createPersonalDataRepository } from '../../server/domains/privacy/repositories/personal-data.ts';
import { inTransaction } from '../../server/platform/lib/transaction.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/**
 * Issue 39 (decision record 066): an erased student's work and records read "account erased" wherever
 * staff see them (an exam's attempts, an opening's applications, offers, instalments, certificates), never
 * as a person called "Erased Person". The demo's student has an attempt, applications and a verified offer,
 * and here pays the first of three instalments of a program; the demo's certificate holder has a
 * certificate. Both are erased.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};

const login = async (username: string, password: string) => {
  const res = await ctx.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
  expect(res.status).toBe(200);
  return (res.body as { access: string }).access;
};
const get = async <T>(url: string, who: 'admin' | 'instructor'): Promise<T> => {
  const res = await ctx.request({ url, token: tokens[who] });
  expect(res.status, url).toBe(200);
  return res.body as T;
};
const results = <T>(body: T[] | { results: T[] }): T[] => (Array.isArray(body) ? body : body.results);

/** The demo student starts Pay in 3 on a program they have not taken: a schedule with two instalments due. */
async function payFirstOfThree(student: string) {
  const mine = (await ctx.request({ url: '/classroom/enrollments/', token: student })).body as Enrollment[];
  const payments = (await ctx.request({ url: '/classroom/payments/', token: student })).body as Payment[];
  const taken = new Set([...mine.map((e) => e.course), ...payments.map((p) => p.course)]);
  const programs = (await ctx.request({ url: '/classroom/programs/' })).body as Program[];
  const program = programs.find((p) => !taken.has(p.id))!;
  const detail = (await ctx.request({ url: `/classroom/programs/${program.id}/` })).body as { plans: { id: number }[] };
  const batches = (await ctx.request({ url: DELIVERY_PATHS.programBatches(program.id) })).body as Batch[];
  const started = await ctx.request({
    method: 'POST',
    url: `/classroom/programs/${program.id}/payment/`,
    token: student,
    body: { payment_method: 'credit_card', batch: batches[0]!.id, plan: detail.plans[0]!.id },
  });
  expect(started.status).toBe(201);
  expect((await completeThroughGateway(ctx, student, (started.body as Payment).id)).status).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  tokens.admin = await login('admin', 'admin123');
  tokens.instructor = await login(DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password);
  await payFirstOfThree(await login('student', 'student123'));
  const erased = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', ['student', DEMO_CERTIFICATE_HOLDER.username])
    .execute();
  expect(erased).toHaveLength(2);
  for (const { id } of erased) await inTransaction(ctx.db, (trx) => createPersonalDataRepository(trx).erase(id));
});
afterAll(async () => ctx?.close());

describe('an erased student in the lists staff read', () => {
  it('their exam attempts read "account erased" in the instructor’s view of the test', async () => {
    const tests = results(await get<{ id: number; attempts: number }[]>(ASSESSMENT_PATHS.tests, 'instructor'));
    const names: string[] = [];
    for (const test of tests.filter((t) => t.attempts > 0)) {
      const attempts = await get<{ student_name: string }[]>(ASSESSMENT_PATHS.testAttempts(test.id), 'instructor');
      names.push(...attempts.map((a) => a.student_name));
    }
    expect(names).toContain(ERASED_ACCOUNT);
    expect(names).not.toContain('Erased Person');
  });

  it('their applications, offers, instalments and certificates read "account erased" in the office', async () => {
    const openings = results(await get<{ id: number; applications: number }[]>(OPENING_PATHS.openings, 'admin'));
    const applicants: string[] = [];
    for (const opening of openings.filter((o) => o.applications > 0)) {
      const applications = await get<{ student_name: string }[]>(
        OPENING_PATHS.openingApplications(opening.id),
        'admin',
      );
      applicants.push(...results(applications).map((a) => a.student_name));
    }
    const offers = results(await get<{ student_name: string }[]>(PLACEMENT_PATHS.offers, 'admin'));
    const instalments = await get<{ student: string }[]>(INSTALMENT_PATHS.adminInstalments, 'admin');
    const certificates = await get<{ student_name: string }[]>(CERTIFICATE_PATHS.adminList, 'admin');
    const lists = {
      applications: applicants,
      offers: offers.map((o) => o.student_name),
      instalments: instalments.map((i) => i.student),
      certificates: certificates.map((c) => c.student_name),
    };
    for (const [list, names] of Object.entries(lists)) {
      expect(names, list).toContain(ERASED_ACCOUNT);
      expect(names, list).not.toContain('Erased Person');
    }
  });
});
