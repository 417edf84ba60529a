import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { Course, DELIVERY_PATHS, Lesson, Session } from '../../contract/index.ts';
import { createProgram } from './support/fixtures.ts';
import {
  admin,
  adminPost,
  batch,
  ctx,
  enroll,
  enrollmentOf,
  ist,
  lessons,
  newBatch,
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

describe('lessons, completion and progress', () => {
  it('answers the lesson’s body, url and file link; the file downloads', async () => {
    const res = Lesson.parse(
      (await ctx.request({ url: DELIVERY_PATHS.lesson(lessons.document.id), token: students.enrolled.access })).body,
    );
    expect(res.file).toBe(DELIVERY_PATHS.lessonFile(lessons.document.id));
    const file = await ctx.request({ url: res.file!, token: students.enrolled.access });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.startsWith('%PDF')).toBe(true);
    const text = Lesson.parse((await ctx.request({ url: DELIVERY_PATHS.lesson(lessons.preview.id) })).body);
    expect(text.body).toBe('# Intro\nLending **basics**.');
  });

  it('progress is completed lessons over lessons, rounded down; idempotent; undone by DELETE', async () => {
    const me = await ctx.user('progress');
    const other = await newBatch(program, 'Progress batch');
    const enrollment = await enroll(me, program, other.id);
    const mark = (lesson: Lesson, method: 'POST' | 'DELETE' = 'POST') =>
      ctx.request({ method, url: DELIVERY_PATHS.lessonComplete(lesson.id), token: me.access });
    expect((await mark(lessons.video)).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.video)).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.preview)).body).toEqual({ progress_percentage: 50 });
    expect((await mark(lessons.preview, 'DELETE')).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.preview, 'DELETE')).body).toEqual({ progress_percentage: 25 });
    // A lesson added: 1 of 5 is 20; the enrollment lists show the same figure.
    const extra = await adminPost<Lesson>(DELIVERY_PATHS.adminModuleLessons(lessons.link.module), {
      title: 'Extra',
      kind: 'text',
      body: 'x',
    });
    const mine = (await ctx.request({ url: '/classroom/enrollments/', token: me.access })).body as {
      id: number;
      progress_percentage: number;
    }[];
    expect(mine.find((e) => e.id === enrollment)!.progress_percentage).toBe(20);
    const course = Course.parse((await ctx.request({ url: DELIVERY_PATHS.course(enrollment), token: me.access })).body);
    expect(course.progress_percentage).toBe(20);
    expect(
      course.modules
        .flatMap((m) => m.lessons)
        .filter((l) => l.completed)
        .map((l) => l.id),
    ).toEqual([lessons.video.id]);
    // Two of three after the extra and one more go: floor(200/6)... 2 done of 4 → 50; 1 of 3 → 33.
    await ctx.request({ method: 'DELETE', url: DELIVERY_PATHS.adminLesson(extra.id), token: admin.access });
    await ctx.request({ method: 'DELETE', url: DELIVERY_PATHS.adminLesson(lessons.link.id), token: admin.access });
    const after = (await ctx.request({ url: '/classroom/enrollments/', token: me.access })).body as {
      id: number;
      progress_percentage: number;
    }[];
    expect(after.find((e) => e.id === enrollment)!.progress_percentage).toBe(33);
  });

  it('administrators reorder modules and lessons', async () => {
    const p = await createProgram(ctx, admin.access);
    const a = await adminPost<{ id: number }>(DELIVERY_PATHS.adminProgramModules(p), { title: 'A' });
    const b = await adminPost<{ id: number }>(DELIVERY_PATHS.adminProgramModules(p), { title: 'B' });
    await adminPost(DELIVERY_PATHS.adminProgramModules(p), { title: 'Z', position: 0 });
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminModule(b.id),
      token: admin.access,
      body: { position: 1 },
    });
    const list = (await ctx.request({ url: DELIVERY_PATHS.adminProgramModules(p), token: admin.access })).body as {
      title: string;
      id: number;
    }[];
    expect(list.map((m) => m.title)).toEqual(['Z', 'B', 'A']);
    const l1 = await adminPost<Lesson>(DELIVERY_PATHS.adminModuleLessons(a.id), { title: 'one', kind: 'text' });
    await adminPost<Lesson>(DELIVERY_PATHS.adminModuleLessons(a.id), { title: 'two', kind: 'text' });
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminLesson(l1.id),
      token: admin.access,
      body: { position: 5 },
    });
    const again = (await ctx.request({ url: DELIVERY_PATHS.adminProgramModules(p), token: admin.access })).body as {
      id: number;
      lessons: Lesson[];
    }[];
    expect(again.find((m) => m.id === a.id)!.lessons.map((l) => l.title)).toEqual(['two', 'one']);
  });
});

describe('sessions and the meeting link window', () => {
  it('shows the link from 30 minutes before the start until the end, and says when it opens', async () => {
    const start = Date.now() + 40 * 60_000;
    const session = await adminPost<Session>(DELIVERY_PATHS.adminBatchSessions(batch.id), {
      title: 'Live: CMA data',
      starts_at: ist(start),
      duration_minutes: 60,
      meeting_url: 'https://meet.example.com/cma',
    });
    const read = async () =>
      Session.parse(
        (await ctx.request({ url: DELIVERY_PATHS.session(session.id), token: students.enrolled.access })).body,
      );
    const early = await read();
    expect(early.meeting_url).toBeNull();
    expect(early.meeting_opens_at).toBe(ist(start - 30 * 60_000));
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(Date.now() + 20 * 60_000) },
    });
    expect((await read()).meeting_url).toBe('https://meet.example.com/cma');
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(Date.now() - 61 * 60_000) },
    });
    expect((await read()).meeting_url).toBeNull();
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(enrollmentOf.enrolled!), token: students.enrolled.access })).body,
    );
    expect(course.sessions.some((s) => s.id === session.id)).toBe(true);
    expect(course.batch?.id).toBe(batch.id);
    expect(
      (await ctx.request({ method: 'DELETE', url: DELIVERY_PATHS.adminSession(session.id), token: admin.access }))
        .status,
    ).toBe(204);
  });
});

describe('the calendar feed (RFC 5545)', () => {
  it('answers text/calendar without a login, one VEVENT per session, moved sessions move, reset retires the URL', async () => {
    const start = Date.UTC(2027, 0, 9, 13, 30); // 19:00 IST
    const session = await adminPost<Session>(DELIVERY_PATHS.adminBatchSessions(batch.id), {
      title: 'Rating methodology; CRISIL, ICRA and CARE — a long title that must be folded over 75 octets',
      starts_at: ist(start),
      duration_minutes: 120,
      location: 'Room 4, Andheri East',
    });
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(enrollmentOf.enrolled!), token: students.enrolled.access })).body,
    );
    const path = new URL(course.calendar_url).pathname;
    const feed = await ctx.request({ url: path });
    expect(feed.status).toBe(200);
    // Decision record 066: PRODID names the institute; the links follow the address the site was opened
    // at (no PUBLIC_URL configured), here 127.0.0.1:8000, never a hard-coded localhost.
    expect(feed.raw).toContain(`PRODID:-//${ctx.config.institute.legalName}//Course calendar//EN`);
    const opened = { host: '127.0.0.1:8000' };
    const at = Course.parse(
      (
        await ctx.request({
          url: DELIVERY_PATHS.course(enrollmentOf.enrolled!),
          token: students.enrolled.access,
          headers: opened,
        })
      ).body,
    );
    expect(at.calendar_url.startsWith('http://127.0.0.1:8000/')).toBe(true);
    const there = (await ctx.request({ url: path, headers: opened })).raw;
    expect(there).toContain(`URL:http://127.0.0.1:8000/learn/${enrollmentOf.enrolled}`);
    expect(there).toMatch(/UID:session-\d+@127\.0\.0\.1/);
    expect(there).not.toContain('localhost');
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of feed.raw.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const events = () =>
      new ICAL.Component(ICAL.parse(feedText)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    let feedText = feed.raw;
    const all = events();
    expect(all).toHaveLength(course.sessions.length);
    const event = all.find((e) => e.summary.startsWith('Rating methodology'))!;
    expect(event.summary).toBe(`${session.title} (${batch.name})`);
    expect(event.location).toBe('Room 4, Andheri East');
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(start + 120 * 60_000);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    const uid = event.uid;
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_PATHS.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(start + 86_400_000) },
    });
    feedText = (await ctx.request({ url: path })).raw;
    const moved = events().find((e) => e.uid === uid)!;
    expect(moved.startDate.toJSDate().getTime()).toBe(start + 86_400_000);
    const reset = await post(DELIVERY_PATHS.calendarReset(enrollmentOf.enrolled!), students.enrolled.access);
    const fresh = (reset.body as { calendar_url: string }).calendar_url;
    expect(fresh).not.toBe(course.calendar_url);
    expect((await ctx.request({ url: path })).status).toBe(404);
    expect((await ctx.request({ url: new URL(fresh).pathname })).status).toBe(200);
    expect(
      (await ctx.request({ url: DELIVERY_PATHS.calendarFeed('1.0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') })).status,
    ).toBe(404);
  });
});
