import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Course,
  DELIVERY_API,
  DELIVERY_MESSAGES,
  Lesson,
  Session,
  type Batch,
  type Payment,
} from '../../contract/index.ts';
import { completeThroughGateway, createProgram } from './support/fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';

/**
 * The course's student side: lessons, files, completion and progress, the course page, sessions and their
 * meeting window, the calendar feed; with the access matrix of every endpoint (anonymous, a student not
 * enrolled, the enrolled student, a student of another batch, a student of another program, a student
 * whose access was revoked, the batch's instructor, an administrator).
 */

let ctx: TestContext;
let admin: TestUser;
let instructor: TestUser;
const students: Record<'outsider' | 'enrolled' | 'otherBatch' | 'otherProgram' | 'revoked', TestUser> = {} as never;
const enrollmentOf: Record<string, number> = {};
let program: number;
let batch: Batch;
let lessons: { preview: Lesson; video: Lesson; document: Lesson; link: Lesson };

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const ist = (ms: number) => `${new Date(ms + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
const post = (url: string, token: string | null, body: unknown = {}) =>
  ctx.request({ method: 'POST', url, token, body });

async function adminPost<T>(url: string, body: unknown): Promise<T> {
  const res = await post(url, admin.access, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return res.body as T;
}

async function enroll(user: TestUser, programId: number, batchId: number): Promise<number> {
  const payment = (await post(`/classroom/programs/${programId}/payment/`, user.access, { batch: batchId }))
    .body as Payment;
  const res = await completeThroughGateway(ctx, user.access, payment.id);
  if (res.status !== 200) throw new Error(`enroll: ${res.raw}`);
  return (res.body as { enrollment: { id: number } }).enrollment.id;
}

const newBatch = (course: number, name: string, extra: object = {}) =>
  adminPost<Batch>(DELIVERY_API.adminBatches, {
    course,
    name,
    starts_on: day(-20),
    ends_on: day(120),
    seats: 20,
    mode: 'hybrid',
    location: 'Andheri East, Mumbai',
    ...extra,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.user('admin', 'admin');
  instructor = await ctx.user('teacher', 'instructor');
  for (const name of Object.keys({ outsider: 1, enrolled: 1, otherBatch: 1, otherProgram: 1, revoked: 1 })) {
    students[name as keyof typeof students] = await ctx.user(name.toLowerCase());
  }
  program = await createProgram(ctx, admin.access, { title: 'Credit Analyst Program' });
  const otherProgram = await createProgram(ctx, admin.access, { title: 'Research Analyst' });
  batch = await newBatch(program, 'Weekday evening', { instructor: instructor.id });
  const second = await newBatch(program, 'Weekend');
  const foreign = await newBatch(otherProgram, 'Other program');
  const m1 = await adminPost<{ id: number }>(DELIVERY_API.adminProgramModules(program), { title: 'Credit appraisal' });
  const m2 = await adminPost<{ id: number }>(DELIVERY_API.adminProgramModules(program), { title: 'CMA data' });
  const lesson = (module: number, body: object) => adminPost<Lesson>(DELIVERY_API.adminModuleLessons(module), body);
  lessons = {
    preview: await lesson(m1.id, {
      title: 'Why banks lend',
      kind: 'text',
      body: '# Intro\nLending **basics**.',
      is_preview: true,
    }),
    video: await lesson(m1.id, {
      title: 'The 5 Cs',
      kind: 'video',
      url: 'https://video.example.com/5cs',
      duration_minutes: 25,
    }),
    document: await lesson(m1.id, { title: 'Appraisal note', kind: 'document' }),
    link: await lesson(m2.id, { title: 'RBI circular', kind: 'link', url: 'https://rbi.org.in/' }),
  };
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n%demo\n')], { type: 'application/pdf' }), 'note.pdf');
  const upload = await ctx.app.inject({
    method: 'PUT',
    url: DELIVERY_API.adminLessonFile(lessons.document.id),
    headers: { authorization: `Bearer ${admin.access}` },
    payload: form,
  });
  expect(upload.statusCode).toBe(200);
  enrollmentOf.enrolled = await enroll(students.enrolled, program, batch.id);
  enrollmentOf.otherBatch = await enroll(students.otherBatch, program, second.id);
  enrollmentOf.otherProgram = await enroll(students.otherProgram, otherProgram, foreign.id);
  enrollmentOf.revoked = await enroll(students.revoked, program, batch.id);
  const revoke = await post(`/api/admin/enrollments/${enrollmentOf.revoked}/resolve/`, admin.access, {
    status: 'cancelled',
  });
  expect(revoke.status).toBe(200);
});
afterAll(async () => ctx?.close());

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
    expect(await statuses((token) => ctx.request({ url: DELIVERY_API.lesson(lessons.video.id), token }))).toEqual(
      expected,
    );
    expect(
      await statuses((token) => ctx.request({ url: DELIVERY_API.lessonFile(lessons.document.id), token })),
    ).toEqual(expected);
    const refused = await ctx.request({ url: DELIVERY_API.lesson(lessons.video.id), token: students.outsider.access });
    expect(refused.body).toEqual({ detail: DELIVERY_MESSAGES.lessonLocked });
  });

  it('a preview lesson: anyone', async () => {
    const all = await statuses((token) => ctx.request({ url: DELIVERY_API.lesson(lessons.preview.id), token }));
    expect(new Set(Object.values(all))).toEqual(new Set([200]));
  });

  it('marking done: the program’s active students only', async () => {
    const res = await statuses((token) => post(DELIVERY_API.lessonComplete(lessons.link.id), token));
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
    const own = await statuses((token) => ctx.request({ url: DELIVERY_API.course(enrollmentOf.enrolled!), token }));
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
      url: DELIVERY_API.course(enrollmentOf.revoked!),
      token: students.revoked.access,
    });
    expect(revoked.status).toBe(403);
    expect(revoked.body).toEqual({ detail: DELIVERY_MESSAGES.courseRevoked });
  });

  it('a session: the batch’s students, its instructor and administrators', async () => {
    const session = await adminPost<Session>(DELIVERY_API.adminBatchSessions(batch.id), {
      title: 'Ratio analysis',
      starts_at: ist(Date.now() + 86_400_000),
      duration_minutes: 90,
    });
    const res = await statuses((token) => ctx.request({ url: DELIVERY_API.session(session.id), token }));
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
      DELIVERY_API.adminBatches,
      DELIVERY_API.adminBatch(batch.id),
      DELIVERY_API.adminProgramModules(program),
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
      ctx.request({ method: 'PATCH', url: DELIVERY_API.adminLesson(lessons.link.id), token, body: {} }),
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
    const all = await statuses((token) => ctx.request({ url: DELIVERY_API.programBatches(program), token }));
    expect(new Set(Object.values(all))).toEqual(new Set([200]));
  });
});

describe('lessons, completion and progress', () => {
  it('answers the lesson’s body, url and file link; the file downloads', async () => {
    const res = Lesson.parse(
      (await ctx.request({ url: DELIVERY_API.lesson(lessons.document.id), token: students.enrolled.access })).body,
    );
    expect(res.file).toBe(DELIVERY_API.lessonFile(lessons.document.id));
    const file = await ctx.request({ url: res.file!, token: students.enrolled.access });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.startsWith('%PDF')).toBe(true);
    const text = Lesson.parse((await ctx.request({ url: DELIVERY_API.lesson(lessons.preview.id) })).body);
    expect(text.body).toBe('# Intro\nLending **basics**.');
  });

  it('progress is completed lessons over lessons, rounded down; idempotent; undone by DELETE', async () => {
    const me = await ctx.user('progress');
    const other = await newBatch(program, 'Progress batch');
    const enrollment = await enroll(me, program, other.id);
    const mark = (lesson: Lesson, method: 'POST' | 'DELETE' = 'POST') =>
      ctx.request({ method, url: DELIVERY_API.lessonComplete(lesson.id), token: me.access });
    expect((await mark(lessons.video)).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.video)).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.preview)).body).toEqual({ progress_percentage: 50 });
    expect((await mark(lessons.preview, 'DELETE')).body).toEqual({ progress_percentage: 25 });
    expect((await mark(lessons.preview, 'DELETE')).body).toEqual({ progress_percentage: 25 });
    // A lesson added: 1 of 5 is 20; the enrollment lists show the same figure.
    const extra = await adminPost<Lesson>(DELIVERY_API.adminModuleLessons(lessons.link.module), {
      title: 'Extra',
      kind: 'text',
      body: 'x',
    });
    const mine = (await ctx.request({ url: '/classroom/enrollments/', token: me.access })).body as {
      id: number;
      progress_percentage: number;
    }[];
    expect(mine.find((e) => e.id === enrollment)!.progress_percentage).toBe(20);
    const course = Course.parse((await ctx.request({ url: DELIVERY_API.course(enrollment), token: me.access })).body);
    expect(course.progress_percentage).toBe(20);
    expect(
      course.modules
        .flatMap((m) => m.lessons)
        .filter((l) => l.completed)
        .map((l) => l.id),
    ).toEqual([lessons.video.id]);
    // Two of three after the extra and one more go: floor(200/6)... 2 done of 4 → 50; 1 of 3 → 33.
    await ctx.request({ method: 'DELETE', url: DELIVERY_API.adminLesson(extra.id), token: admin.access });
    await ctx.request({ method: 'DELETE', url: DELIVERY_API.adminLesson(lessons.link.id), token: admin.access });
    const after = (await ctx.request({ url: '/classroom/enrollments/', token: me.access })).body as {
      id: number;
      progress_percentage: number;
    }[];
    expect(after.find((e) => e.id === enrollment)!.progress_percentage).toBe(33);
  });

  it('administrators reorder modules and lessons', async () => {
    const p = await createProgram(ctx, admin.access);
    const a = await adminPost<{ id: number }>(DELIVERY_API.adminProgramModules(p), { title: 'A' });
    const b = await adminPost<{ id: number }>(DELIVERY_API.adminProgramModules(p), { title: 'B' });
    await adminPost(DELIVERY_API.adminProgramModules(p), { title: 'Z', position: 0 });
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_API.adminModule(b.id),
      token: admin.access,
      body: { position: 1 },
    });
    const list = (await ctx.request({ url: DELIVERY_API.adminProgramModules(p), token: admin.access })).body as {
      title: string;
      id: number;
    }[];
    expect(list.map((m) => m.title)).toEqual(['Z', 'B', 'A']);
    const l1 = await adminPost<Lesson>(DELIVERY_API.adminModuleLessons(a.id), { title: 'one', kind: 'text' });
    await adminPost<Lesson>(DELIVERY_API.adminModuleLessons(a.id), { title: 'two', kind: 'text' });
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_API.adminLesson(l1.id),
      token: admin.access,
      body: { position: 5 },
    });
    const again = (await ctx.request({ url: DELIVERY_API.adminProgramModules(p), token: admin.access })).body as {
      id: number;
      lessons: Lesson[];
    }[];
    expect(again.find((m) => m.id === a.id)!.lessons.map((l) => l.title)).toEqual(['two', 'one']);
  });
});

describe('sessions and the meeting link window', () => {
  it('shows the link from 30 minutes before the start until the end, and says when it opens', async () => {
    const start = Date.now() + 40 * 60_000;
    const session = await adminPost<Session>(DELIVERY_API.adminBatchSessions(batch.id), {
      title: 'Live: CMA data',
      starts_at: ist(start),
      duration_minutes: 60,
      meeting_url: 'https://meet.example.com/cma',
    });
    const read = async () =>
      Session.parse(
        (await ctx.request({ url: DELIVERY_API.session(session.id), token: students.enrolled.access })).body,
      );
    const early = await read();
    expect(early.meeting_url).toBeNull();
    expect(early.meeting_opens_at).toBe(ist(start - 30 * 60_000));
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_API.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(Date.now() + 20 * 60_000) },
    });
    expect((await read()).meeting_url).toBe('https://meet.example.com/cma');
    await ctx.request({
      method: 'PATCH',
      url: DELIVERY_API.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(Date.now() - 61 * 60_000) },
    });
    expect((await read()).meeting_url).toBeNull();
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_API.course(enrollmentOf.enrolled!), token: students.enrolled.access })).body,
    );
    expect(course.sessions.some((s) => s.id === session.id)).toBe(true);
    expect(course.batch?.id).toBe(batch.id);
    expect(
      (await ctx.request({ method: 'DELETE', url: DELIVERY_API.adminSession(session.id), token: admin.access })).status,
    ).toBe(204);
  });
});

describe('the calendar feed (RFC 5545)', () => {
  it('answers text/calendar without a login, one VEVENT per session, moved sessions move, reset retires the URL', async () => {
    const start = Date.UTC(2027, 0, 9, 13, 30); // 19:00 IST
    const session = await adminPost<Session>(DELIVERY_API.adminBatchSessions(batch.id), {
      title: 'Rating methodology; CRISIL, ICRA and CARE — a long title that must be folded over 75 octets',
      starts_at: ist(start),
      duration_minutes: 120,
      location: 'Room 4, Andheri East',
    });
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_API.course(enrollmentOf.enrolled!), token: students.enrolled.access })).body,
    );
    const path = new URL(course.calendar_url).pathname;
    const feed = await ctx.request({ url: path });
    expect(feed.status).toBe(200);
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
      url: DELIVERY_API.adminSession(session.id),
      token: admin.access,
      body: { starts_at: ist(start + 86_400_000) },
    });
    feedText = (await ctx.request({ url: path })).raw;
    const moved = events().find((e) => e.uid === uid)!;
    expect(moved.startDate.toJSDate().getTime()).toBe(start + 86_400_000);
    const reset = await post(DELIVERY_API.calendarReset(enrollmentOf.enrolled!), students.enrolled.access);
    const fresh = (reset.body as { calendar_url: string }).calendar_url;
    expect(fresh).not.toBe(course.calendar_url);
    expect((await ctx.request({ url: path })).status).toBe(404);
    expect((await ctx.request({ url: new URL(fresh).pathname })).status).toBe(200);
    expect((await ctx.request({ url: DELIVERY_API.calendarFeed('1.0.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') })).status).toBe(
      404,
    );
  });
});
