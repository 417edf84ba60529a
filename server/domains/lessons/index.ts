import type { Db } from '../../platform/db/connect.ts';
import { createLessonRepository } from './repositories/lessons.ts';

/**
 * What other domains may use of lessons: who may see or teach a program's course, a live class's meeting
 * window, a student's course outline, and a lesson marked done.
 */
export {
  assertInstructor,
  assertTeachesBatch,
  belongsToBatch,
  enrollmentSuspended,
  isActiveStudent,
  meetingWindow,
  visibleMeetingUrl,
} from './course-access.ts';

/**
 * A program's course for one student: its modules in order, each with its lessons and whether the student
 * completed each, and the counts of lessons and of those completed (the course page).
 */
export async function programOutline(db: Db, programId: number, studentId: number) {
  const lessons = createLessonRepository(db);
  const all = await lessons.lessonsOfProgram(programId);
  const done = await lessons.completedIds(studentId, programId);
  const modules = (await lessons.modules(programId)).map((m) => ({
    id: m.id,
    title: m.title,
    lessons: all
      .filter((l) => l.module_id === m.id)
      .map((l) => ({
        id: l.id,
        title: l.title,
        kind: l.kind,
        duration_minutes: l.duration_minutes,
        is_preview: l.is_preview === 1,
        completed: done.has(l.id),
      })),
  }));
  return { modules, lessonCount: all.length, completedCount: all.filter((l) => done.has(l.id)).length };
}

/**
 * A lesson done for a student, and their course progress recounted: in the caller's transaction (a passed
 * lesson quiz marks its lesson done with the attempt's result; decision record 071).
 */
export async function completeLesson(
  trx: Db,
  lesson: { lessonId: number; programId: number },
  studentId: number,
  at: string,
): Promise<void> {
  const lessons = createLessonRepository(trx);
  await lessons.complete(lesson.lessonId, studentId, at);
  await lessons.recomputeProgress(lesson.programId, studentId);
}

/** A program's lessons in course order, with their module's title (the instructor's batch page). */
export async function programLessons(db: Db, programId: number) {
  const lessons = createLessonRepository(db);
  const modules = new Map((await lessons.modules(programId)).map((m) => [m.id, m.title]));
  return (await lessons.lessonsOfProgram(programId)).map((l) => ({
    id: l.id,
    title: l.title,
    module: modules.get(l.module_id) ?? '',
  }));
}
