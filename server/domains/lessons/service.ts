import type { z } from 'zod';
import { DELIVERY_PATHS, type Lesson, type LessonInput, type LessonPatch } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { LessonRow } from '../../platform/db/schema.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { createLessonRepository } from './repositories/lessons.ts';

/** A program's modules and lessons: the answers, the administrator's writes and reordering. */

export function toLesson(row: LessonRow, completed: boolean): Lesson {
  return {
    id: row.id,
    module: row.module_id,
    program: row.program_id,
    title: row.title,
    kind: row.kind,
    body: row.body,
    url: row.url,
    file: row.file ? DELIVERY_PATHS.lessonFile(row.id) : null,
    file_name: row.file_name,
    duration_minutes: row.duration_minutes,
    is_preview: row.is_preview === 1,
    position: row.position,
    completed,
  };
}

/** Moves one item to `position` among its siblings (ids in order) and answers every id's new position. */
export function reorder(ids: number[], id: number, position: number): Map<number, number> {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.min(Math.max(position, 0), rest.length), 0, id);
  return new Map(rest.map((x, i) => [x, i]));
}

function checkKind(kind: string, url: string): void {
  if ((kind === 'video' || kind === 'link') && !url) {
    throw new ValidationFailed({ url: ['A video or link lesson needs its web address.'] });
  }
}

export const lessonWrites = {
  async createModule(trx: Db, programId: number, title: string, position?: number): Promise<number> {
    const lessons = createLessonRepository(trx);
    const end = await lessons.nextModulePosition(programId);
    const id = await lessons.insertModule({ program_id: programId, title, position: end });
    if (position !== undefined && position < end) await lessonWrites.moveModule(trx, programId, id, position);
    return id;
  },
  async moveModule(trx: Db, programId: number, id: number, position: number): Promise<void> {
    const lessons = createLessonRepository(trx);
    const order = reorder(
      (await lessons.modules(programId)).map((m) => m.id),
      id,
      position,
    );
    for (const [moduleId, p] of order) await lessons.updateModule(moduleId, { position: p });
  },
  async createLesson(trx: Db, moduleId: number, input: z.output<typeof LessonInput>): Promise<number> {
    const lessons = createLessonRepository(trx);
    const module = await lessons.findModule(moduleId);
    if (!module) throw notFound();
    checkKind(input.kind, input.url);
    const end = await lessons.nextLessonPosition(moduleId);
    const id = await lessons.insertLesson({
      module_id: moduleId,
      program_id: module.program_id,
      title: input.title,
      kind: input.kind,
      body: input.body,
      url: input.url,
      file: null,
      file_name: null,
      duration_minutes: input.duration_minutes,
      is_preview: input.is_preview ? 1 : 0,
      position: end,
    });
    if (input.position !== undefined && input.position < end)
      await lessonWrites.moveLesson(trx, moduleId, id, input.position);
    await lessons.recomputeProgress(module.program_id);
    return id;
  },
  async moveLesson(trx: Db, moduleId: number, id: number, position: number): Promise<void> {
    const lessons = createLessonRepository(trx);
    const siblings = (await lessons.lessonsOfModule(moduleId)).map((l) => l.id);
    const order = reorder(siblings, id, position);
    for (const [lessonId, p] of order) await lessons.updateLesson(lessonId, { position: p });
  },
  async updateLesson(trx: Db, before: LessonRow, input: z.output<typeof LessonPatch>): Promise<void> {
    const lessons = createLessonRepository(trx);
    checkKind(input.kind ?? before.kind, input.url ?? before.url);
    let moduleId = before.module_id;
    if (input.module !== undefined && input.module !== before.module_id) {
      const target = await lessons.findModule(input.module);
      if (!target || target.program_id !== before.program_id) {
        throw new ValidationFailed({ module: ['Choose a module of the same program.'] });
      }
      moduleId = target.id;
      await lessons.updateLesson(before.id, {
        module_id: moduleId,
        position: await lessons.nextLessonPosition(moduleId),
      });
    }
    const { position, module: _module, is_preview, ...fields } = input;
    const values = { ...fields, ...(is_preview !== undefined ? { is_preview: is_preview ? 1 : 0 } : {}) };
    if (Object.keys(values).length > 0) await lessons.updateLesson(before.id, values);
    if (position !== undefined) await lessonWrites.moveLesson(trx, moduleId, before.id, position);
  },
};
