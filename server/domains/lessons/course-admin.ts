import type { z } from 'zod';
import { DELIVERY_MESSAGES, type LessonInput, type LessonPatch, type ModulePatch } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import type { FileKind } from '../../platform/lib/file-types.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { batchProgram } from '../batches/index.ts';
import type { LessonFiles } from './files.ts';
import { createLessonRepository } from './repositories/lessons.ts';
import { lessonWrites, toLesson } from './service.ts';

/**
 * The administrator's modules and lessons: each write in one transaction with its audit row; a lesson's file
 * goes once the change that drops it commits (a failed upload's new file goes instead).
 */

const audit = (trx: Db, actorId: number, action: string, entity: string, entityId: number, changes: object) =>
  createAuditRepository(trx).record({ actorId, action, entity, entityId, changes: { ...changes } });

export async function lessonOr404(db: Db, id: number) {
  const row = await createLessonRepository(db).findLesson(id);
  if (!row) throw notFound();
  return row;
}

const moduleAnswer = (row: { id: number; program_id: number; title: string; position: number }) => ({
  id: row.id,
  program: row.program_id,
  title: row.title,
  position: row.position,
});

export function createCourseAdmin(db: Db, files: LessonFiles) {
  return {
    /** A program's modules in order, each with its lessons. */
    async programModules(programId: number) {
      const lessons = createLessonRepository(db);
      const all = await lessons.lessonsOfProgram(programId);
      return (await lessons.modules(programId)).map((m) => ({
        ...moduleAnswer(m),
        lessons: all.filter((l) => l.module_id === m.id).map((l) => toLesson(l, false)),
      }));
    },

    createModule: (adminId: number, programId: number, input: { title: string; position?: number }) =>
      inTransaction(db, async (trx) => {
        if (!(await batchProgram(trx, programId))) throw notFound();
        const id = await lessonWrites.createModule(trx, programId, input.title, input.position);
        const row = (await createLessonRepository(trx).findModule(id))!;
        await audit(trx, adminId, 'create', 'module', id, { after: row });
        return moduleAnswer(row);
      }),

    updateModule: (adminId: number, id: number, input: z.output<typeof ModulePatch>) =>
      inTransaction(db, async (trx) => {
        const lessons = createLessonRepository(trx);
        const before = await lessons.findModule(id);
        if (!before) throw notFound();
        if (input.title !== undefined) await lessons.updateModule(id, { title: input.title });
        if (input.position !== undefined) await lessonWrites.moveModule(trx, before.program_id, id, input.position);
        const after = (await lessons.findModule(id))!;
        await audit(trx, adminId, 'update', 'module', id, { before, after });
        return moduleAnswer(after);
      }),

    /** Deletes a module with its lessons, then their files. */
    async removeModule(adminId: number, id: number): Promise<void> {
      const removed = await inTransaction(db, async (trx) => {
        const lessons = createLessonRepository(trx);
        const before = await lessons.findModule(id);
        if (!before) throw notFound();
        const gone = await lessons.lessonsOfModule(id);
        await lessons.removeModule(id);
        await lessons.recomputeProgress(before.program_id);
        await audit(trx, adminId, 'delete', 'module', id, { before, lessons: gone.map((l) => l.id) });
        return gone;
      });
      for (const lesson of removed) await files.remove(lesson.file);
    },

    createLesson: (adminId: number, moduleId: number, input: z.output<typeof LessonInput>) =>
      inTransaction(db, async (trx) => {
        const id = await lessonWrites.createLesson(trx, moduleId, input);
        const row = (await createLessonRepository(trx).findLesson(id))!;
        await audit(trx, adminId, 'create', 'lesson', id, { after: row });
        return toLesson(row, false);
      }),

    updateLesson: (adminId: number, id: number, input: z.output<typeof LessonPatch>) =>
      inTransaction(db, async (trx) => {
        const before = await lessonOr404(trx, id);
        await lessonWrites.updateLesson(trx, before, input);
        const after = (await createLessonRepository(trx).findLesson(id))!;
        await audit(trx, adminId, 'update', 'lesson', id, { before, after });
        return toLesson(after, false);
      }),

    /** Deletes a lesson, then its file. */
    async removeLesson(adminId: number, id: number): Promise<void> {
      const before = await inTransaction(db, async (trx) => {
        const lessons = createLessonRepository(trx);
        const row = await lessonOr404(trx, id);
        await lessons.removeLesson(id);
        await lessons.recomputeProgress(row.program_id);
        await audit(trx, adminId, 'delete', 'lesson', id, { before: row });
        return row;
      });
      await files.remove(before.file);
    },

    /**
     * A document lesson's file: refused for another kind of lesson before the upload is read (`read`), then
     * kept under a name made from the lesson's title; the file it replaces goes once that commits.
     */
    async attachFile(adminId: number, id: number, read: () => Promise<{ content: Buffer; kind: FileKind }>) {
      const existing = await lessonOr404(db, id);
      if (existing.kind !== 'document') throw new ValidationFailed({ file: [DELIVERY_MESSAGES.fileOnlyForDocuments] });
      const { content, kind } = await read();
      const name = await files.save(content, kind);
      try {
        const { lesson, previous } = await inTransaction(db, async (trx) => {
          const before = await lessonOr404(trx, id);
          const fileName = `${before.title.replace(/[^\w -]/g, '').trim() || 'lesson'}.${kind.ext}`;
          await createLessonRepository(trx).updateLesson(id, { file: name, file_name: fileName });
          await audit(trx, adminId, 'upload', 'lesson', id, {
            file: { from: before.file, to: name },
            bytes: content.length,
          });
          return { lesson: toLesson((await lessonOr404(trx, id))!, false), previous: before.file };
        });
        await files.remove(previous);
        return lesson;
      } catch (error) {
        await files.remove(name);
        throw error;
      }
    },
  };
}
