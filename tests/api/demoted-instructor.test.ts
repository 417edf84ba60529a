import { describe, expect, it } from 'vitest';
import {
  API,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  TEACHING_PATHS,
  TEACHING_MESSAGES,
  type Session,
} from '../../contract/index.ts';
import { admin, adminPost, ctx, ist, lessons, newBatch, program, useCourseApp } from './support/course-app.ts';

/**
 * Access to a batch's lessons and meeting links follows the role and the batch together (issue 32): an
 * instructor the office demotes to student loses the batch's lessons, its meeting links and the
 * instructor area on their next request, although the batch still names them as its instructor.
 */

useCourseApp();

describe('an instructor demoted to student', () => {
  it('loses the lessons, the meeting links and the instructor area at once', async () => {
    const former = await ctx.user('former', 'instructor');
    const batch = await newBatch(program, 'Saturday morning', { instructor: former.id });
    // A session under way: its meeting link is open to whoever belongs to the batch.
    const session = await adminPost<Session>(DELIVERY_PATHS.adminBatchSessions(batch.id), {
      title: 'Working capital',
      starts_at: ist(Date.now() - 10 * 60_000),
      duration_minutes: 90,
      meeting_url: 'https://meet.example.com/working-capital',
    });
    const get = (url: string) => ctx.request({ url, token: former.access });

    expect((await get(DELIVERY_PATHS.lesson(lessons.video.id))).status).toBe(200);
    const before = await get(DELIVERY_PATHS.session(session.id));
    expect(before.status).toBe(200);
    expect((before.body as Session).meeting_url).toBe('https://meet.example.com/working-capital');
    expect((await get(TEACHING_PATHS.batches)).status).toBe(200);
    expect((await get(TEACHING_PATHS.batch(batch.id))).status).toBe(200);

    const demoted = await ctx.request({
      method: 'PATCH',
      url: API.admin.user(former.id),
      token: admin.access,
      body: { role: 'student' },
    });
    expect(demoted.status, demoted.raw).toBe(200);

    // The same access token, the batch unchanged: the role decides now.
    const lesson = await get(DELIVERY_PATHS.lesson(lessons.video.id));
    expect(lesson.status).toBe(403);
    expect(lesson.body).toEqual({ detail: DELIVERY_MESSAGES.lessonLocked });
    const file = await get(DELIVERY_PATHS.lessonFile(lessons.document.id));
    expect(file.status).toBe(403);
    const after = await get(DELIVERY_PATHS.session(session.id));
    expect(after.status).toBe(403);
    expect(after.raw).not.toContain('meet.example.com');
    expect(after.body).toEqual({ detail: DELIVERY_MESSAGES.sessionNotYours });
    for (const url of [
      TEACHING_PATHS.batches,
      TEACHING_PATHS.batch(batch.id),
      TEACHING_PATHS.sessionAttendance(session.id),
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ detail: TEACHING_MESSAGES.instructorsOnly });
    }
  });
});
