import { describe, expect, it } from 'vitest';
import {
  DELIVERY_PATHS,
  TEACHING_PATHS,
  TEACHING_MESSAGES,
  TeachBatch,
  TeachBatchSummary,
} from '../../contract/index.ts';
import { DEMO_INSTRUCTOR } from '../../contract/demo-logins.ts';
import { createTestApp } from './support/harness.ts';
import { admin, batch, ctx, otherTeacher, student, teacher, upcoming, useTeachingApp } from './support/teaching-app.ts';

/**
 * The instructor area and attendance (decision record 050): the access matrix of every instructor
 * endpoint (anonymous, a student of the batch, a student of another batch, the batch's instructor,
 * another instructor, an administrator) and the attendance rules: only the batch's students, only a
 * session that has started, the last answer stands and is audited, the percentage of sessions held.
 */

useTeachingApp();

describe('a batch’s instructor', () => {
  it('is a user with role instructor (or an administrator): a student or a faculty user is refused', async () => {
    const faculty = await ctx.user('facultyuser', 'faculty');
    for (const refused of [student.id, faculty.id]) {
      const res = await ctx.request({
        method: 'PATCH',
        url: DELIVERY_PATHS.adminBatch(batch.id),
        token: admin.access,
        body: { instructor: refused },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ instructor: [TEACHING_MESSAGES.batchInstructorRole] });
    }
    const res = await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminBatch(upcoming.id),
      token: admin.access,
      body: { instructor: otherTeacher.id },
    });
    expect(res.status).toBe(200);
    // The batch moved to the other instructor: theirs now, no longer the first's.
    expect((await ctx.request({ url: TEACHING_PATHS.batch(upcoming.id), token: otherTeacher.access })).status).toBe(
      200,
    );
    expect((await ctx.request({ url: TEACHING_PATHS.batch(upcoming.id), token: teacher.access })).status).toBe(403);
  });
});

describe('demo mode', () => {
  it('the demo instructor logs in and teaches every demo batch', async () => {
    const demo = await createTestApp({ seed: true });
    try {
      const token = async (username: string, password: string) => {
        const res = await demo.request({ method: 'POST', url: '/auth/token/', body: { username, password } });
        expect(res.status).toBe(200);
        return (res.body as { access: string }).access;
      };
      const ids = async (access: string) =>
        ((await demo.request({ url: TEACHING_PATHS.batches, token: access })).body as TeachBatchSummary[]).map(
          (b) => b.id,
        );
      const instructorToken = await token(DEMO_INSTRUCTOR.username, DEMO_INSTRUCTOR.password);
      const mine = await ids(instructorToken);
      expect(mine.length).toBeGreaterThan(0);
      // The batch page lists the program's lessons in course order, for their questions (decision record 073).
      const page = TeachBatch.parse(
        (await demo.request({ url: TEACHING_PATHS.batch(mine[0]!), token: instructorToken })).body,
      );
      expect(page.lessons.length).toBeGreaterThan(0);
      expect(page.lessons[0]).toMatchObject({
        id: expect.any(Number),
        title: expect.any(String),
        module: expect.any(String),
      });
      expect(mine).toEqual(await ids(await token('admin', 'admin123')));
      const refused = await demo.request({ url: TEACHING_PATHS.batches, token: await token('student', 'student123') });
      expect(refused.status).toBe(403);
    } finally {
      await demo.close();
    }
  });
});
