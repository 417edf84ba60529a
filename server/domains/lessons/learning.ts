import { DELIVERY_MESSAGES } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/lib/errors.ts';
import { mimeOfExtension } from '../../platform/lib/file-types.ts';
import { nowIso } from '../../platform/lib/time.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { lessonOr404 } from './course-admin.ts';
import { assertCanComplete, assertLessonAccess, isActiveStudent } from './course-access.ts';
import type { LessonFiles } from './files.ts';
import { createLessonRepository } from './repositories/lessons.ts';
import { toLesson } from './service.ts';

/** A lesson as its reader meets it (course-access.ts decides who may): the lesson, its file, marking it done. */
export function createLearningService(db: Db, files: LessonFiles) {
  return {
    /** The lesson, with whether the caller completed it. */
    async lesson(user: UserRow | null, id: number) {
      const lesson = await lessonOr404(db, id);
      await assertLessonAccess(db, user, lesson);
      const done = user ? await createLessonRepository(db).completedIds(user.id, lesson.program_id) : new Set();
      return toLesson(lesson, done.has(lesson.id));
    },

    /** The lesson's file to send: its place on disk, type and download name (404 with a message when none). */
    async file(user: UserRow | null, id: number) {
      const lesson = await lessonOr404(db, id);
      await assertLessonAccess(db, user, lesson);
      const location = lesson.file ? files.locate(lesson.file) : null;
      const ext = lesson.file?.slice(lesson.file.lastIndexOf('.') + 1) ?? '';
      const mime = mimeOfExtension(ext);
      if (!location || !mime) throw new HttpError(404, DELIVERY_MESSAGES.noFile);
      return { location, mime, downloadName: lesson.file_name ?? `lesson.${ext}` };
    },

    /** Marks the lesson done (or not done) for its student and answers their course progress. */
    async markDone(user: UserRow, id: number, done: boolean) {
      const lesson = await lessonOr404(db, id);
      await assertCanComplete(db, user, lesson);
      return inTransaction(db, async (trx) => {
        const lessons = createLessonRepository(trx);
        if (done) await lessons.complete(lesson.id, user.id, nowIso());
        else await lessons.uncomplete(lesson.id, user.id);
        await lessons.recomputeProgress(lesson.program_id, user.id);
        const enrollment = await isActiveStudent(trx, user, lesson.program_id);
        return { progress_percentage: enrollment?.progress_percentage ?? 0 };
      });
    },
  };
}
