import { NOTIFY_MESSAGES, type LessonQuestion } from '../../../contract/notifications.ts';
import { nameOrErased } from '../../../contract/privacy.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { clockNow } from '../../platform/lib/clock.ts';
import { HttpError, notAuthenticated, notFound } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { assertTeachesBatch, belongsToBatch, isActiveStudent } from '../lessons/index.ts';
import { createQuestionRepository } from './repository.ts';
import { notify } from './service.ts';

/**
 * Questions on lessons (issue 36). A question belongs to the lesson and to the asker's batch: that batch's
 * students, its instructor and administrators see it and reply; the instructor (or an administrator)
 * accepts an answer; administrators hide abuse (audited). The one place these rules live.
 */
const now = () => new Date(clockNow()).toISOString();
/** The author's name, or "account erased" (decision record 066). */
const nameOf = (r: {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
}) => nameOrErased(`${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || 'someone', r.email);

async function lessonOr404(db: Db, lessonId: number) {
  const lesson = await createQuestionRepository(db).lesson(lessonId);
  if (!lesson) throw notFound();
  return lesson;
}

/** The batches whose questions on this lesson the user sees. */
async function visibleBatches(db: Db, user: UserRow | null, programId: number): Promise<number[]> {
  if (!user) throw notAuthenticated();
  const repo = createQuestionRepository(db);
  if (user.role === 'admin') return repo.batchesOf(programId);
  if (user.role === 'instructor') {
    const mine = await repo.batchesOf(programId, user.id);
    if (mine.length) return mine;
  }
  const enrollment = await isActiveStudent(db, user, programId);
  if (!enrollment?.batch_id) throw new HttpError(403, NOTIFY_MESSAGES.noBatch);
  return [enrollment.batch_id];
}

export async function lessonQuestions(db: Db, user: UserRow | null, lessonId: number): Promise<LessonQuestion[]> {
  const lesson = await lessonOr404(db, lessonId);
  const batches = await visibleBatches(db, user, lesson.program_id);
  const repo = createQuestionRepository(db);
  const admin = user?.role === 'admin';
  const questions = await repo.questions(lesson.id, batches, admin);
  const replies = await repo.replies(
    questions.map((q) => q.id),
    admin,
  );
  return questions.map((q) => ({
    id: q.id,
    lesson_id: q.lesson_id,
    batch_id: q.batch_id,
    author: nameOf(q),
    body: q.body,
    answered: q.accepted_reply_id !== null,
    hidden: q.hidden_at !== null,
    created_at: q.created_at,
    replies: replies
      .filter((r) => r.question_id === q.id)
      .map((r) => ({
        id: r.id,
        author: nameOf(r),
        author_role: r.role ?? 'student',
        body: r.body,
        accepted: r.id === q.accepted_reply_id,
        hidden: r.hidden_at !== null,
        created_at: r.created_at,
      })),
  }));
}

export async function askQuestion(db: Db, user: UserRow | null, lessonId: number, body: string) {
  const lesson = await lessonOr404(db, lessonId);
  if (!user) throw notAuthenticated();
  if (user.role !== 'student') throw new HttpError(403, NOTIFY_MESSAGES.notAsker);
  const enrollment = await isActiveStudent(db, user, lesson.program_id);
  if (!enrollment?.batch_id) throw new HttpError(403, NOTIFY_MESSAGES.noBatch);
  const batchId = enrollment.batch_id;
  return inTransaction(db, async (trx) => {
    const repo = createQuestionRepository(trx);
    const row = await repo.insertQuestion({
      lesson_id: lesson.id,
      batch_id: batchId,
      author_id: user.id,
      body,
      created_at: now(),
    });
    const batch = await repo.batch(batchId);
    if (batch?.instructor_id) {
      await notify(trx, batch.instructor_id, {
        event: 'question_asked',
        title: `New question on “${lesson.title}”`,
        body: body.slice(0, 300),
        // The instructor's page of the batch, where its questions are answered.
        link: `/teach/batches/${batchId}`,
      });
    }
    return row.id;
  });
}

/** The asker's course page (/learn/{enrollment}), where the lesson and its thread are; the dashboard if none. */
async function courseLink(db: Db, batchId: number, studentId: number) {
  const enrollment = await createQuestionRepository(db).enrollmentIn(batchId, studentId);
  return enrollment ? `/learn/${enrollment.id}` : '/dashboard';
}

/** The question and its batch, for a writer who must belong to the batch. */
async function questionOf(db: Db, questionId: number) {
  const repo = createQuestionRepository(db);
  const question = await repo.question(questionId);
  if (!question || question.hidden_at) throw notFound();
  const batch = await repo.batch(question.batch_id);
  if (!batch) throw notFound();
  return { question, batch };
}

export async function replyTo(db: Db, user: UserRow | null, questionId: number, body: string) {
  const { question, batch } = await questionOf(db, questionId);
  if (!user) throw notAuthenticated();
  if (!(await belongsToBatch(db, user, batch))) throw new HttpError(403, NOTIFY_MESSAGES.notInBatch);
  return inTransaction(db, async (trx) => {
    const row = await createQuestionRepository(trx).insertReply({
      question_id: question.id,
      author_id: user.id,
      body,
      created_at: now(),
    });
    if (question.author_id && question.author_id !== user.id) {
      await notify(trx, question.author_id, {
        event: 'question_replied',
        title: `${nameOf(user)} replied to your question`,
        body: body.slice(0, 300),
        link: await courseLink(trx, question.batch_id, question.author_id),
      });
    }
    return row.id;
  });
}

export async function acceptAnswer(db: Db, user: UserRow | null, questionId: number, replyId: number) {
  const { question, batch } = await questionOf(db, questionId);
  const teacher = assertTeachesBatch(user, batch);
  const reply = await createQuestionRepository(db).reply(replyId);
  if (!reply || reply.hidden_at || reply.question_id !== question.id) {
    throw new HttpError(400, NOTIFY_MESSAGES.replyElsewhere);
  }
  await inTransaction(db, async (trx) => {
    await createQuestionRepository(trx).accept(question.id, reply.id);
    if (question.author_id) {
      await notify(trx, question.author_id, {
        event: 'answer_accepted',
        title: 'Your question has an accepted answer',
        body: reply.body.slice(0, 300),
        link: await courseLink(trx, question.batch_id, question.author_id),
      });
    }
    await createAuditRepository(trx).record({
      actorId: teacher.id,
      action: 'accept_answer',
      entity: 'lesson_question',
      entityId: question.id,
      changes: { after: { reply: reply.id } },
    });
  });
}

/** An administrator hides a question or a reply (audited with the reason); it stays for the record. */
export async function hide(db: Db, admin: UserRow, what: 'question' | 'reply', id: number, reason: string) {
  const repo = createQuestionRepository(db);
  const row = what === 'question' ? await repo.question(id) : await repo.reply(id);
  if (!row) throw notFound();
  await inTransaction(db, async (trx) => {
    await createQuestionRepository(trx).hide(
      what === 'question' ? 'lesson_questions' : 'lesson_question_replies',
      id,
      now(),
    );
    await createAuditRepository(trx).record({
      actorId: admin.id,
      action: 'hide',
      entity: what === 'question' ? 'lesson_question' : 'lesson_question_reply',
      entityId: id,
      changes: { after: { reason, body: row.body.slice(0, 200) } },
    });
  });
}
