import type { Db } from '../../../platform/db/connect.ts';

/** Counts of what a module's or lesson's delete takes with it (its rows cascade: decision record 085). */
export function createLessonImpactRepository(db: Db) {
  return {
    module: (id: number) =>
      db
        .selectFrom('course_modules')
        .innerJoin('programs', 'programs.id', 'course_modules.program_id')
        .select(['course_modules.title', 'programs.title as program_title'])
        .where('course_modules.id', '=', id)
        .executeTakeFirst(),
    lesson: (id: number) =>
      db
        .selectFrom('lessons')
        .innerJoin('course_modules', 'course_modules.id', 'lessons.module_id')
        .select(['lessons.title', 'lessons.file', 'course_modules.title as module_title'])
        .where('lessons.id', '=', id)
        .executeTakeFirst(),
    lessonIdsOfModule: async (moduleId: number): Promise<number[]> =>
      (await db.selectFrom('lessons').select('id').where('module_id', '=', moduleId).execute()).map((r) => r.id),
    /** Lesson completions of these lessons, and how many students they belong to. */
    async completions(lessonIds: number[]): Promise<{ ticks: number; students: number }> {
      if (lessonIds.length === 0) return { ticks: 0, students: 0 };
      const row = await db
        .selectFrom('lesson_completions')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('ticks'),
          eb.fn.count<number | string>('student_id').distinct().as('students'),
        ])
        .where('lesson_id', 'in', lessonIds)
        .executeTakeFirstOrThrow();
      return { ticks: Number(row.ticks), students: Number(row.students) };
    },
    async questions(lessonIds: number[]): Promise<number> {
      if (lessonIds.length === 0) return 0;
      const row = await db
        .selectFrom('lesson_questions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('lesson_id', 'in', lessonIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
