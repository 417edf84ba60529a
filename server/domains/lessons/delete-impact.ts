import { DELETE_IMPACT_TEXTS as T, type DeleteImpact } from '../../../contract/index.ts';
import type { Db } from '../../platform/db/connect.ts';
import { notFound } from '../../platform/lib/errors.ts';
import { createLessonImpactRepository } from './repositories/delete-impact.ts';

/**
 * GET /api/admin/modules|lessons/{id}/impact/ (decision record 085): what the delete takes with it, read
 * before the office confirms: a module's lessons, the students' ticks on them (their progress is counted
 * again) and the questions asked on them, a document lesson's file.
 */
async function studentWork(db: Db, lessonIds: number[]): Promise<string[]> {
  const repo = createLessonImpactRepository(db);
  const { ticks, students } = await repo.completions(lessonIds);
  const questions = await repo.questions(lessonIds);
  return [
    ...(ticks > 0 ? [T.completionsGo(ticks, students)] : []),
    ...(questions > 0 ? [T.questionsGo(questions)] : []),
  ];
}

export async function moduleDeleteImpact(db: Db, id: number): Promise<DeleteImpact> {
  const repo = createLessonImpactRepository(db);
  const row = await repo.module(id);
  if (!row) throw notFound();
  const lessonIds = await repo.lessonIdsOfModule(id);
  return {
    item: T.module(row.title, row.program_title),
    touches: [...(lessonIds.length > 0 ? [T.lessonsGo(lessonIds.length)] : []), ...(await studentWork(db, lessonIds))],
  };
}

export async function lessonDeleteImpact(db: Db, id: number): Promise<DeleteImpact> {
  const row = await createLessonImpactRepository(db).lesson(id);
  if (!row) throw notFound();
  return {
    item: T.lesson(row.title, row.module_title),
    touches: [...(await studentWork(db, [id])), ...(row.file ? [T.fileGoes] : [])],
  };
}
