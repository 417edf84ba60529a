import type { Db } from '../../db/connect.ts';

/** Announcements, lesson questions and replies (migration 032). */
export function createQuestionRepository(db: Db) {
  return {
    lesson: (id: number) =>
      db.selectFrom('lessons').select(['id', 'program_id', 'title']).where('id', '=', id).executeTakeFirst(),
    batch: (id: number) => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst(),
    batchesOf: (programId: number, instructorId?: number) => {
      let query = db.selectFrom('batches').select('id').where('course_id', '=', programId);
      if (instructorId !== undefined) query = query.where('instructor_id', '=', instructorId);
      return query.execute().then((rows) => rows.map((r) => r.id));
    },
    async insertAnnouncement(values: {
      batch_id: number;
      author_id: number;
      title: string;
      body: string;
      urgent: number;
      recipients: number;
      created_at: string;
    }) {
      return db.insertInto('batch_announcements').values(values).returningAll().executeTakeFirstOrThrow();
    },
    insertQuestion: (values: {
      lesson_id: number;
      batch_id: number;
      author_id: number;
      body: string;
      created_at: string;
    }) => db.insertInto('lesson_questions').values(values).returningAll().executeTakeFirstOrThrow(),
    question: (id: number) => db.selectFrom('lesson_questions').selectAll().where('id', '=', id).executeTakeFirst(),
    insertReply: (values: { question_id: number; author_id: number; body: string; created_at: string }) =>
      db.insertInto('lesson_question_replies').values(values).returningAll().executeTakeFirstOrThrow(),
    reply: (id: number) => db.selectFrom('lesson_question_replies').selectAll().where('id', '=', id).executeTakeFirst(),
    async accept(questionId: number, replyId: number) {
      await db
        .updateTable('lesson_questions')
        .set({ accepted_reply_id: replyId })
        .where('id', '=', questionId)
        .execute();
    },
    async hide(table: 'lesson_questions' | 'lesson_question_replies', id: number, at: string) {
      await db.updateTable(table).set({ hidden_at: at }).where('id', '=', id).execute();
    },
    /** A lesson's questions in these batches, answered ones first, then newest; hidden ones unless `withHidden`. */
    async questions(lessonId: number, batchIds: number[], withHidden: boolean) {
      if (batchIds.length === 0) return [];
      let query = db
        .selectFrom('lesson_questions')
        .leftJoin('users', 'users.id', 'lesson_questions.author_id')
        .selectAll('lesson_questions')
        .select(['users.first_name', 'users.last_name', 'users.username'])
        .where('lesson_id', '=', lessonId)
        .where('batch_id', 'in', batchIds);
      if (!withHidden) query = query.where('lesson_questions.hidden_at', 'is', null);
      const rows = await query.orderBy('lesson_questions.id', 'desc').limit(200).execute();
      return rows.sort((a, b) => Number(b.accepted_reply_id !== null) - Number(a.accepted_reply_id !== null));
    },
    async replies(questionIds: number[], withHidden: boolean) {
      if (questionIds.length === 0) return [];
      let query = db
        .selectFrom('lesson_question_replies')
        .leftJoin('users', 'users.id', 'lesson_question_replies.author_id')
        .selectAll('lesson_question_replies')
        .select(['users.first_name', 'users.last_name', 'users.username', 'users.role'])
        .where('question_id', 'in', questionIds);
      if (!withHidden) query = query.where('lesson_question_replies.hidden_at', 'is', null);
      return query.orderBy('lesson_question_replies.id').execute();
    },
  };
}
