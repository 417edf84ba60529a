import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { LessonsTable } from '../../../platform/db/schema.ts';

/** A program's modules and lessons, each student's completions, and the progress they make. */
export function createLessonRepository(db: Db) {
  return {
    findModule: (id: number) => db.selectFrom('course_modules').selectAll().where('id', '=', id).executeTakeFirst(),
    modules: (programId: number) =>
      db
        .selectFrom('course_modules')
        .selectAll()
        .where('program_id', '=', programId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    async nextModulePosition(programId: number): Promise<number> {
      const row = await db
        .selectFrom('course_modules')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('program_id', '=', programId)
        .executeTakeFirst();
      return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
    },
    async insertModule(values: { program_id: number; title: string; position: number }): Promise<number> {
      const row = await db.insertInto('course_modules').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateModule(id: number, values: { title?: string; position?: number }): Promise<void> {
      await db.updateTable('course_modules').set(values).where('id', '=', id).execute();
    },
    async removeModule(id: number): Promise<void> {
      await db.deleteFrom('course_modules').where('id', '=', id).execute();
    },

    findLesson: (id: number) => db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst(),
    lessonsOfProgram: (programId: number) =>
      db
        .selectFrom('lessons')
        .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
        .selectAll('lessons')
        .where('lessons.program_id', '=', programId)
        .orderBy('course_modules.position')
        .orderBy('course_modules.id')
        .orderBy('lessons.position')
        .orderBy('lessons.id')
        .execute(),
    lessonsOfModule: (moduleId: number) =>
      db
        .selectFrom('lessons')
        .selectAll()
        .where('module_id', '=', moduleId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    async nextLessonPosition(moduleId: number): Promise<number> {
      const row = await db
        .selectFrom('lessons')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('module_id', '=', moduleId)
        .executeTakeFirst();
      return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
    },
    async insertLesson(values: Insertable<LessonsTable>): Promise<number> {
      const row = await db.insertInto('lessons').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async updateLesson(id: number, values: Updateable<LessonsTable>): Promise<void> {
      await db.updateTable('lessons').set(values).where('id', '=', id).execute();
    },
    async removeLesson(id: number): Promise<void> {
      await db.deleteFrom('lessons').where('id', '=', id).execute();
    },

    completedIds: async (studentId: number, programId: number): Promise<Set<number>> => {
      const rows = await db
        .selectFrom('lesson_completions')
        .innerJoin('lessons', 'lessons.id', 'lesson_completions.lesson_id')
        .select('lesson_completions.lesson_id')
        .where('lesson_completions.student_id', '=', studentId)
        .where('lessons.program_id', '=', programId)
        .execute();
      return new Set(rows.map((r) => r.lesson_id));
    },
    /** Idempotent: a second mark changes nothing. */
    async complete(lessonId: number, studentId: number, at: string): Promise<void> {
      await db
        .insertInto('lesson_completions')
        .values({ lesson_id: lessonId, student_id: studentId, completed_at: at })
        .onConflict((oc) => oc.columns(['student_id', 'lesson_id']).doNothing())
        .execute();
    },
    async uncomplete(lessonId: number, studentId: number): Promise<void> {
      await db
        .deleteFrom('lesson_completions')
        .where('lesson_id', '=', lessonId)
        .where('student_id', '=', studentId)
        .execute();
    },
    /**
     * Recomputes the stored progress of the program's enrollments (one student's, or everyone's after a
     * lesson was added or removed): completed lessons × 100 / lessons, in integers, so rounded down;
     * 0 when the program has no lessons.
     */
    async recomputeProgress(programId: number, studentId?: number): Promise<void> {
      let query = db
        .updateTable('enrollments')
        .set({
          progress_percentage: sql<number>`(
            SELECT CASE WHEN COUNT(*) = 0 THEN 0
              ELSE (100 * COUNT(lesson_completions.lesson_id)) / COUNT(*) END
            FROM lessons
            LEFT JOIN lesson_completions
              ON lesson_completions.lesson_id = lessons.id AND lesson_completions.student_id = enrollments.student_id
            WHERE lessons.program_id = ${programId})`,
        })
        .where('course_type', '=', 'program')
        .where('course_id', '=', programId);
      if (studentId !== undefined) query = query.where('student_id', '=', studentId);
      await query.execute();
    },
  };
}
