import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_PATHS as P,
  type AttemptView,
  type Question,
  type StudentTest,
  type Test,
} from '../../contract/index.ts';
import { assessmentWorld, makeQuestion, makeTest, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * Who may do what with assessments (decision record 071), for every role the issue names, and a scan of
 * every answer a student gets before results_at: no correct answer and no explanation in any of them.
 */
let ctx: TestContext;
let w: AssessmentWorld;
let shared: Question;
let own: Question;
let test: Test;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await assessmentWorld(ctx);
  shared = await makeQuestion(ctx, w.admin);
  own = await makeQuestion(ctx, w.instructor, { program: w.programId, text: 'What does DSCR measure?' });
  test = await makeTest(ctx, w.instructor, w, [[shared.id], [own.id]]);
});
afterAll(async () => ctx?.close());

type Role = 'anonymous' | 'student' | 'otherStudent' | 'instructor' | 'otherInstructor' | 'admin';
const ROLES: Role[] = ['anonymous', 'student', 'otherStudent', 'instructor', 'otherInstructor', 'admin'];
const token = (role: Role) => (role === 'anonymous' ? null : (w[role] as TestUser).access);
const call = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  ctx.request({ method, url, token: token(role), body });

describe('the access matrix', () => {
  it('the question bank: staff of the program and administrators; the shared bank is changed by administrators only', async () => {
    const expected: Record<Role, number[]> = {
      anonymous: [401, 401, 401, 401],
      student: [403, 403, 403, 403],
      otherStudent: [403, 403, 403, 403],
      instructor: [200, 200, 200, 403],
      otherInstructor: [200, 403, 403, 403],
      admin: [200, 200, 200, 200],
    };
    for (const role of ROLES) {
      const statuses = [
        (await call(role, 'GET', P.questions)).status,
        (await call(role, 'GET', P.question(own.id))).status,
        (await call(role, 'PATCH', P.question(own.id), { topic: 'DSCR' })).status,
        (await call(role, 'PATCH', P.question(shared.id), { topic: 'Liquidity' })).status,
      ];
      expect(statuses, role).toEqual(expected[role]);
    }
    const seen = (await call('otherInstructor', 'GET', P.questions)).body as Question[];
    expect(seen.map((q) => q.id)).toContain(shared.id);
    expect(seen.map((q) => q.id)).not.toContain(own.id);
    const creating = await call('otherInstructor', 'POST', P.questions, { ...own, program: w.programId });
    expect(creating.status).toBe(403);
    expect((creating.body as { detail: string }).detail).toMatch(/programs you teach/);
  });

  it('tests: the program’s instructor and administrators manage them, with every attempt', async () => {
    const expected: Record<Role, number[]> = {
      anonymous: [401, 401, 401, 401],
      student: [403, 403, 403, 403],
      otherStudent: [403, 403, 403, 403],
      instructor: [200, 200, 200, 200],
      otherInstructor: [200, 403, 403, 403],
      admin: [200, 200, 200, 200],
    };
    for (const role of ROLES) {
      const statuses = [
        (await call(role, 'GET', P.tests)).status,
        (await call(role, 'GET', P.test(test.id))).status,
        (await call(role, 'PATCH', P.test(test.id), { title: 'Mock test 1' })).status,
        (await call(role, 'GET', P.testAttempts(test.id))).status,
      ];
      expect(statuses, role).toEqual(expected[role]);
    }
    expect(((await call('otherInstructor', 'GET', P.tests)).body as Test[]).map((t) => t.id)).not.toContain(test.id);
  });

  it('a test is the batch’s students’: another batch’s student, staff and strangers cannot see or start it', async () => {
    const lists: Record<Role, number | boolean> = {
      anonymous: 401,
      student: true,
      otherStudent: false,
      instructor: false,
      otherInstructor: false,
      admin: false,
    };
    for (const role of ROLES) {
      const res = await call(role, 'GET', P.studentTests);
      if (typeof lists[role] === 'number') expect(res.status, role).toBe(lists[role]);
      else
        expect(
          (res.body as StudentTest[]).some((t) => t.id === test.id),
          role,
        ).toBe(lists[role]);
    }
    for (const role of ['anonymous', 'otherStudent', 'instructor', 'otherInstructor', 'admin'] as Role[]) {
      expect((await call(role, 'POST', P.startAttempt(test.id))).status, role).toBe(role === 'anonymous' ? 401 : 404);
    }
    const started = await call('student', 'POST', P.startAttempt(test.id));
    expect(started.status).toBe(201);
    const attempt = started.body as AttemptView;
    const q = own.id;
    let seq = 0;
    for (const role of ['anonymous', 'otherStudent', 'instructor', 'admin'] as Role[]) {
      const expected = role === 'anonymous' ? 401 : 404;
      // Right after the student's own save the server keeps the attempt for the next save (decision record 096):
      // a kept attempt refuses everyone else as a read one does, even with a higher seq.
      seq += 1;
      expect((await call('student', 'PUT', P.answer(attempt.id, q), { answer: ['B'], seq })).status).toBe(200);
      expect((await call(role, 'PUT', P.answer(attempt.id, q), { answer: ['C'], seq: 99 })).status, role).toBe(
        expected,
      );
      expect((await call(role, 'GET', P.attempt(attempt.id))).status, role).toBe(expected);
      expect((await call(role, 'PUT', P.answer(attempt.id, q), { answer: ['A'], seq: 1 })).status, role).toBe(expected);
      expect((await call(role, 'POST', P.submit(attempt.id))).status, role).toBe(expected);
      expect((await call(role, 'GET', P.result(attempt.id))).status, role).toBe(expected);
      expect((await call(role, 'POST', P.events(attempt.id), { kind: 'tab_hidden' })).status, role).toBe(expected);
    }
    const mine = (await call('student', 'GET', P.attempt(attempt.id))).body as AttemptView;
    expect(mine.submitted_at).toBeNull();
    expect(mine.answers).toMatchObject([{ question: q, answer: ['B'], seq }]);
  });
});

/** Every object in an answer: none has an explanation, and an `answer` only as the student's own save (with its seq). */
function leaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const found: string[] = [];
  if ('explanation' in o) found.push(`${path}.explanation`);
  if ('answer' in o && !('seq' in o)) found.push(`${path}.answer`);
  return [...found, ...Object.entries(o).flatMap(([k, v]) => leaks(v, `${path}.${k}`))];
}

describe('before results_at a student never receives an answer key or an explanation', () => {
  it('scans every answer of the student API through a whole attempt', async () => {
    const q1 = await makeQuestion(ctx, w.admin, {
      kind: 'numeric',
      options: [],
      answer: { value: 300, tolerance: 0.5 },
    });
    const q2 = await makeQuestion(ctx, w.admin, { kind: 'multiple', answer: ['A', 'C'] });
    const scanned = await makeTest(ctx, w.admin, w, [[q1.id, q2.id]], {
      shuffle_questions: true,
      shuffle_options: true,
    });
    const bodies: { url: string; status: number; raw: string; body: unknown }[] = [];
    const student = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
      const res = await call('student', method, url, body);
      bodies.push({ url, status: res.status, raw: res.raw, body: res.body });
      return res;
    };
    await student('GET', P.studentTests);
    const attempt = (await student('POST', P.startAttempt(scanned.id), undefined)).body as AttemptView;
    expect(attempt.sections[0]!.questions.map((q) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    await student('PUT', P.answer(attempt.id, q1.id), { answer: 300, seq: 1, marked_for_review: true });
    await student('PUT', P.answer(attempt.id, q2.id), { answer: ['A'], seq: 1 });
    await student('GET', P.attempt(attempt.id));
    await student('POST', P.events(attempt.id), { kind: 'fullscreen_exit' });
    await student('POST', P.submit(attempt.id));
    const early = await student('GET', P.result(attempt.id));
    expect(early.status).toBe(409);
    expect((early.body as { detail: string }).detail).toMatch(/when the test closes/);
    await student('GET', P.attempt(attempt.id));
    await student('GET', P.studentTests);
    expect(bodies.length).toBe(10);
    for (const b of bodies) {
      expect(leaks(b.body), b.url).toEqual([]);
      expect(b.raw, b.url).not.toMatch(/Explanation \d+/);
    }
    // The instructor sees the events.
    const seen = (await call('admin', 'GET', P.testAttempts(scanned.id))).body as { events: { kind: string }[] }[];
    expect(seen[0]!.events.map((e) => e.kind)).toEqual(['fullscreen_exit']);
  });
});
