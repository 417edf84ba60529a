import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATHS as P, type NotificationPage, type LessonQuestion } from '../../contract/index.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { notifyWorld, tokenOf } from './support/notify-fixtures.ts';

/**
 * Issue 36's access matrix for announcements and questions on lessons, and the notifications they leave:
 * anonymous, the batch's students, another batch's student, the batch's instructor, another instructor,
 * an administrator.
 */
let ctx: TestContext;
let w: Awaited<ReturnType<typeof notifyWorld>>;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await notifyWorld(ctx, 'acc');
});
afterAll(async () => ctx?.close());

const post = (url: string, who: TestUser | null, body: unknown) =>
  ctx.request({ method: 'POST', url, token: tokenOf(who), body });
const inbox = async (who: TestUser) => (await ctx.request({ url: P.list, token: who.access })).body as NotificationPage;

describe('batch announcements', () => {
  const body = { title: 'Class moves to 8 pm', body: 'Today’s class moves to **8 pm**. <script>x()</script>' };

  it.each([
    ['anonymous', () => null, 401],
    ['a student of the batch', () => w.student, 403],
    ['another batch’s student', () => w.outsider, 403],
    ['another instructor', () => w.otherInstructor, 403],
  ])('%s cannot post one', async (_who, user, status) => {
    const res = await post(P.announcements(w.batchA), user(), body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it('the batch’s instructor posts one: every active student of the batch has it, nobody else', async () => {
    const before = (await inbox(w.outsider)).count;
    const res = await post(P.announcements(w.batchA), w.instructor, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = res.body as { recipients: number; html: string };
    expect(made.recipients).toBe(2);
    // Markdown rendered, raw HTML escaped.
    expect(made.html).toContain('<strong>8 pm</strong>');
    expect(made.html).not.toContain('<script>');
    for (const who of [w.student, w.classmate]) {
      const page = await inbox(who);
      expect(page.unread).toBeGreaterThanOrEqual(1);
      expect(page.results[0]).toMatchObject({ event: 'announcement', read: false });
      expect(page.results[0]!.title).toContain('Class moves to 8 pm');
    }
    expect((await inbox(w.outsider)).count).toBe(before);
  });

  it('an administrator posts one too', async () => {
    const res = await post(P.announcements(w.batchA), w.admin, { ...body, urgent: true });
    expect(res.status).toBe(201);
  });

  it('a missing batch is 404, a bad body 400 with the field named', async () => {
    expect((await post(P.announcements(999999), w.admin, body)).status).toBe(404);
    const bad = await post(P.announcements(w.batchA), w.instructor, { title: '', body: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('title');
  });
});

describe('questions on lessons', () => {
  let questionId: number;

  it('anonymous is 401; instructors and administrators do not ask; a student of a batch does', async () => {
    expect((await post(P.lessonQuestions(w.lessonId), null, { body: 'Why?' })).status).toBe(401);
    expect((await post(P.lessonQuestions(w.lessonId), w.instructor, { body: 'Why?' })).status).toBe(403);
    expect((await post(P.lessonQuestions(w.lessonId), w.admin, { body: 'Why?' })).status).toBe(403);
    const res = await post(P.lessonQuestions(w.lessonId), w.student, { body: 'How is DSCR computed here?' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    questionId = (res.body as { id: number }).id;
    // The batch's instructor is told; the other instructor is not.
    // Its link opens a page the app has: the batch's teaching page.
    expect((await inbox(w.instructor)).results[0]).toMatchObject({
      event: 'question_asked',
      link: expect.stringMatching(/^\/teach\/batches\/\d+$/),
    });
    expect((await inbox(w.otherInstructor)).results.some((n) => n.event === 'question_asked')).toBe(false);
  });

  it('the question is seen by its batch, its instructor and administrators only', async () => {
    const list = async (who: TestUser | null) =>
      ctx.request({ url: P.lessonQuestions(w.lessonId), token: tokenOf(who) });
    expect((await list(null)).status).toBe(401);
    for (const who of [w.student, w.classmate, w.instructor, w.admin]) {
      const res = await list(who);
      expect(res.status).toBe(200);
      expect((res.body as LessonQuestion[]).map((q) => q.id)).toContain(questionId);
    }
    for (const who of [w.outsider, w.otherInstructor]) {
      const res = await list(who);
      expect(res.status === 403 || !(res.body as LessonQuestion[]).some((q) => q.id === questionId)).toBe(true);
    }
  });

  it('replies: the batch’s people yes, another batch’s student and another instructor no', async () => {
    expect((await post(P.replies(questionId), null, { body: 'x' })).status).toBe(401);
    expect((await post(P.replies(questionId), w.outsider, { body: 'Me too' })).status).toBe(403);
    expect((await post(P.replies(questionId), w.otherInstructor, { body: 'Hi' })).status).toBe(403);
    const before = (await inbox(w.student)).unread;
    const classmate = await post(P.replies(questionId), w.classmate, { body: 'Net operating income over debt.' });
    expect(classmate.status).toBe(201);
    const teacher = await post(P.replies(questionId), w.instructor, { body: 'EBITDA over debt service.' });
    expect(teacher.status).toBe(201);
    // The asker hears of both replies.
    expect((await inbox(w.student)).unread).toBe(before + 2);

    // Only the batch's instructor (or an administrator) accepts; the asker is notified.
    const replyId = (teacher.body as { id: number }).id;
    expect((await post(P.accept(questionId), w.student, { reply_id: replyId })).status).toBe(403);
    expect((await post(P.accept(questionId), w.otherInstructor, { reply_id: replyId })).status).toBe(403);
    expect((await post(P.accept(questionId), w.instructor, { reply_id: replyId })).status).toBe(204);
    // The asker's link is their course page (/learn/{their enrollment}).
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('student_id', '=', w.student.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((await inbox(w.student)).results[0]).toMatchObject({
      event: 'answer_accepted',
      link: `/learn/${enrollment.id}`,
    });
  });

  it('answered questions come first', async () => {
    const later = await post(P.lessonQuestions(w.lessonId), w.classmate, { body: 'A newer question, unanswered.' });
    expect(later.status).toBe(201);
    const list = (await ctx.request({ url: P.lessonQuestions(w.lessonId), token: w.student.access }))
      .body as LessonQuestion[];
    expect(list[0]).toMatchObject({ id: questionId, answered: true });
    expect(list[0]!.replies.find((r) => r.accepted)?.body).toBe('EBITDA over debt service.');
  });

  it('only an administrator hides a question (audited); the batch no longer sees it', async () => {
    const url = P.hideQuestion(questionId);
    expect((await post(url, w.instructor, { reason: 'abuse' })).status).toBe(403);
    expect((await post(url, w.student, { reason: 'abuse' })).status).toBe(403);
    expect((await post(url, w.admin, { reason: 'Off-topic abuse' })).status).toBe(204);
    const list = (await ctx.request({ url: P.lessonQuestions(w.lessonId), token: w.student.access }))
      .body as LessonQuestion[];
    expect(list.some((q) => q.id === questionId)).toBe(false);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'lesson_question')
      .where('action', '=', 'hide')
      .executeTakeFirst();
    expect(audit?.actor_id).toBe(w.admin.id);
  });
});

describe('the notification centre', () => {
  it('pages newest first, marks one and then all read', async () => {
    const page = await inbox(w.student);
    expect(page.results.map((n) => n.id)).toEqual([...page.results.map((n) => n.id)].sort((a, b) => b - a));
    const first = page.results[0]!;
    const one = await post(P.read, w.student, { ids: [first.id] });
    expect(one.status).toBe(200);
    expect((one.body as { unread: number }).unread).toBe(page.unread - 1);
    // Someone else's ids change nothing of theirs.
    const theirs = (await inbox(w.classmate)).results[0]!;
    await post(P.read, w.student, { ids: [theirs.id] });
    expect((await inbox(w.classmate)).results[0]!.read).toBe(false);
    const all = await post(P.read, w.student, { all: true });
    expect((all.body as { unread: number }).unread).toBe(0);
    expect((await post(P.read, w.student, {})).status).toBe(400);
    expect((await ctx.request({ url: P.list })).status).toBe(401);
  });
});
