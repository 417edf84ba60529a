import { describe, expect, it } from 'vitest';
import { DELIVERY_PATHS, DELIVERY_MESSAGES, Session } from '../../contract/index.ts';
import {
  admin,
  adminPost,
  batch,
  ctx,
  enrollmentOf,
  instructor,
  ist,
  lessons,
  post,
  program,
  students,
  useCourseApp,
} from './support/course-app.ts';

/**
 * The course's student side: lessons, files, completion and progress, the course page, sessions and their
 * meeting window, the calendar feed; with the access matrix of every endpoint (anonymous, a student not
 * enrolled, the enrolled student, a student of another batch, a student of another program, a student
 * whose access was revoked, the batch's instructor, an administrator).
 */

useCourseApp();

type Who = 'anonymous' | keyof typeof students | 'instructor' | 'admin';
const WHO: Who[] = [
  'anonymous',
  'outsider',
  'enrolled',
  'otherBatch',
  'otherProgram',
  'revoked',
  'instructor',
  'admin',
];
const tokenOf = (who: Who) =>
  who === 'anonymous'
    ? null
    : who === 'admin'
      ? admin.access
      : who === 'instructor'
        ? instructor.access
        : students[who].access;
async function statuses(request: (token: string | null) => Promise<{ status: number }>) {
  const out: Partial<Record<Who, number>> = {};
  for (const who of WHO) out[who] = (await request(tokenOf(who))).status;
  return out;
}

describe('the access matrix', () => {
  it('a paid lesson and its file: the program’s active students, its instructor and administrators', async () => {
    const expected = {
      anonymous: 401,
      outsider: 403,
      enrolled: 200,
      otherBatch: 200,
      otherProgram: 403,
      revoked: 403,
      instructor: 200,
      admin: 200,
    };
    expect(await statuses((token) => ctx.request({ url: DELIVERY_PATHS.lesson(lessons.video.id), token }))).toEqual(
      expected,
    );
    expect(
      await statuses((token) => ctx.request({ url: DELIVERY_PATHS.lessonFile(lessons.document.id), token })),
    ).toEqual(expected);
    const refused = await ctx.request({
      url: DELIVERY_PATHS.lesson(lessons.video.id),
      token: students.outsider.access,
    });
    expect(refused.body).toEqual({ detail: DELIVERY_MESSAGES.lessonLocked });
  });

  it('a preview lesson: anyone', async () => {
    const all = await statuses((token) => ctx.request({ url: DELIVERY_PATHS.lesson(lessons.preview.id), token }));
    expect(new Set(Object.values(all))).toEqual(new Set([200]));
  });

  it('marking done: the program’s active students only', async () => {
    const res = await statuses((token) => post(DELIVERY_PATHS.lessonComplete(lessons.link.id), token));
    expect(res).toEqual({
      anonymous: 401,
      outsider: 403,
      enrolled: 200,
      otherBatch: 200,
      otherProgram: 403,
      revoked: 403,
      instructor: 403,
      admin: 403,
    });
  });

  it('the course page: only its own student; revoked access is 403 with a message', async () => {
    const own = await statuses((token) => ctx.request({ url: DELIVERY_PATHS.course(enrollmentOf.enrolled!), token }));
    expect(own).toEqual({
      anonymous: 401,
      outsider: 404,
      enrolled: 200,
      otherBatch: 404,
      otherProgram: 404,
      revoked: 404,
      instructor: 404,
      admin: 404,
    });
    const revoked = await ctx.request({
      url: DELIVERY_PATHS.course(enrollmentOf.revoked!),
      token: students.revoked.access,
    });
    expect(revoked.status).toBe(403);
    expect(revoked.body).toEqual({ detail: DELIVERY_MESSAGES.courseRevoked });
  });

  it('a session: the batch’s students, its instructor and administrators', async () => {
    const session = await adminPost<Session>(DELIVERY_PATHS.adminBatchSessions(batch.id), {
      title: 'Ratio analysis',
      starts_at: ist(Date.now() + 86_400_000),
      duration_minutes: 90,
    });
    const res = await statuses((token) => ctx.request({ url: DELIVERY_PATHS.session(session.id), token }));
    expect(res).toEqual({
      anonymous: 401,
      outsider: 403,
      enrolled: 200,
      otherBatch: 403,
      otherProgram: 403,
      revoked: 403,
      instructor: 200,
      admin: 200,
    });
  });

  it('admin batch, session, module and lesson endpoints: administrators only', async () => {
    const urls = [
      DELIVERY_PATHS.adminBatches,
      DELIVERY_PATHS.adminBatch(batch.id),
      DELIVERY_PATHS.adminProgramModules(program),
    ];
    for (const url of urls) {
      const res = await statuses((token) => ctx.request({ url, token }));
      expect(res).toEqual({
        anonymous: 401,
        outsider: 403,
        enrolled: 403,
        otherBatch: 403,
        otherProgram: 403,
        revoked: 403,
        instructor: 403,
        admin: 200,
      });
    }
    const writes = await statuses((token) =>
      ctx.request({ method: 'PATCH', url: DELIVERY_PATHS.adminLesson(lessons.link.id), token, body: {} }),
    );
    expect(writes).toEqual({
      anonymous: 401,
      outsider: 403,
      enrolled: 403,
      otherBatch: 403,
      otherProgram: 403,
      revoked: 403,
      instructor: 403,
      admin: 200,
    });
  });

  it('a program’s open batches: anyone', async () => {
    const all = await statuses((token) => ctx.request({ url: DELIVERY_PATHS.programBatches(program), token }));
    expect(new Set(Object.values(all))).toEqual(new Set([200]));
  });
});
