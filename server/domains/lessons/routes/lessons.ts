import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DELETE_IMPACT_PATHS,
  DELIVERY_PATHS,
  DELIVERY_MESSAGES,
  LessonInput,
  LessonPatch,
  ModuleInput,
  ModulePatch,
} from '../../../../contract/index.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { HttpError, notFound, ValidationFailed } from '../../../platform/lib/errors.ts';
import { mimeOfExtension } from '../../../platform/lib/file-types.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { inTransaction } from '../../../platform/lib/transaction.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readDocumentUpload } from '../../../platform/files/read-upload.ts';
import { fileStore, sendFile } from '../../../platform/files/store.ts';
import { createAuditRepository } from '../../../platform/db/audit.ts';
import { createBatchRepository } from '../../batches/repository.ts';
import { createLessonRepository } from '../repositories/lessons.ts';
import { assertCanComplete, assertLessonAccess, isActiveStudent } from '../course-access.ts';
import { lessonWrites, toLesson } from '../service.ts';
import { lessonDeleteImpact, moduleDeleteImpact } from '../delete-impact.ts';

/** Demo lessons name a file shipped with the code (the catalogue's demo resources). */
const DEMO_DIR = path.resolve(import.meta.dirname, '..', '..', 'catalogue', 'demo-files', 'resources');

async function lessonOr404(db: Db, id: number) {
  const row = await createLessonRepository(db).findLesson(id);
  if (!row) throw notFound();
  return row;
}

/** Modules and lessons: the administrator's writes, the lesson answer and file, marking lessons done. */
export default async function lessonRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  // Lesson files are never under a public path: served only by the lesson's file route, under its access rule.
  const files = fileStore(config.uploadDir, 'lessons', { shipped: DEMO_DIR });
  const audit = (trx: Db, actorId: number, action: string, entity: string, entityId: number, changes: object) =>
    createAuditRepository(trx).record({ actorId, action, entity, entityId, changes: { ...changes } });

  app.get(DELIVERY_PATHS.adminProgramModules(), { preHandler: adminOnly }, async (request) => {
    const programId = idParam(request.params);
    const lessons = createLessonRepository(db);
    const all = await lessons.lessonsOfProgram(programId);
    return (await lessons.modules(programId)).map((m) => ({
      id: m.id,
      program: m.program_id,
      title: m.title,
      position: m.position,
      lessons: all.filter((l) => l.module_id === m.id).map((l) => toLesson(l, false)),
    }));
  });

  app.post(DELIVERY_PATHS.adminProgramModules(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const programId = idParam(request.params);
    const input = parse(ModuleInput, request.body);
    const created = await inTransaction(db, async (trx) => {
      if (!(await createBatchRepository(trx).program(programId))) throw notFound();
      const id = await lessonWrites.createModule(trx, programId, input.title, input.position);
      const row = (await createLessonRepository(trx).findModule(id))!;
      await audit(trx, admin.id, 'create', 'module', id, { after: row });
      return { id, program: row.program_id, title: row.title, position: row.position };
    });
    return reply.code(201).send(created);
  });

  app.patch(DELIVERY_PATHS.adminModule(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(ModulePatch, request.body ?? {});
    return inTransaction(db, async (trx) => {
      const lessons = createLessonRepository(trx);
      const before = await lessons.findModule(id);
      if (!before) throw notFound();
      if (input.title !== undefined) await lessons.updateModule(id, { title: input.title });
      if (input.position !== undefined) await lessonWrites.moveModule(trx, before.program_id, id, input.position);
      const after = (await lessons.findModule(id))!;
      await audit(trx, admin.id, 'update', 'module', id, { before, after });
      return { id, program: after.program_id, title: after.title, position: after.position };
    });
  });

  // What a delete takes with it, read before the office confirms (decision record 085).
  app.get(DELETE_IMPACT_PATHS.module(), { preHandler: adminOnly }, async (request) =>
    moduleDeleteImpact(db, idParam(request.params)),
  );
  app.get(DELETE_IMPACT_PATHS.lesson(), { preHandler: adminOnly }, async (request) =>
    lessonDeleteImpact(db, idParam(request.params)),
  );

  app.delete(DELIVERY_PATHS.adminModule(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const removed = await inTransaction(db, async (trx) => {
      const lessons = createLessonRepository(trx);
      const before = await lessons.findModule(id);
      if (!before) throw notFound();
      const gone = await lessons.lessonsOfModule(id);
      await lessons.removeModule(id);
      await lessons.recomputeProgress(before.program_id);
      await audit(trx, admin.id, 'delete', 'module', id, { before, lessons: gone.map((l) => l.id) });
      return gone;
    });
    for (const lesson of removed) await files.remove(lesson.file);
    return reply.code(204).send();
  });

  app.post(DELIVERY_PATHS.adminModuleLessons(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const moduleId = idParam(request.params);
    const input = parse(LessonInput, request.body);
    const lesson = await inTransaction(db, async (trx) => {
      const id = await lessonWrites.createLesson(trx, moduleId, input);
      const row = (await createLessonRepository(trx).findLesson(id))!;
      await audit(trx, admin.id, 'create', 'lesson', id, { after: row });
      return toLesson(row, false);
    });
    return reply.code(201).send(lesson);
  });

  app.patch(DELIVERY_PATHS.adminLesson(), { preHandler: adminOnly }, async (request) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(LessonPatch, request.body ?? {});
    return inTransaction(db, async (trx) => {
      const before = await lessonOr404(trx, id);
      await lessonWrites.updateLesson(trx, before, input);
      const after = (await createLessonRepository(trx).findLesson(id))!;
      await audit(trx, admin.id, 'update', 'lesson', id, { before, after });
      return toLesson(after, false);
    });
  });

  app.delete(DELIVERY_PATHS.adminLesson(), { preHandler: adminOnly }, async (request, reply) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const before = await inTransaction(db, async (trx) => {
      const lessons = createLessonRepository(trx);
      const row = await lessonOr404(trx, id);
      await lessons.removeLesson(id);
      await lessons.recomputeProgress(row.program_id);
      await audit(trx, admin.id, 'delete', 'lesson', id, { before: row });
      return row;
    });
    await files.remove(before.file);
    return reply.code(204).send();
  });

  const upload = async (request: FastifyRequest) => {
    const admin = requireAdmin(request);
    const id = idParam(request.params);
    const existing = await lessonOr404(db, id);
    if (existing.kind !== 'document') throw new ValidationFailed({ file: [DELIVERY_MESSAGES.fileOnlyForDocuments] });
    const { content, kind } = await readDocumentUpload(request, config.uploadMaxBytes);
    const name = await files.save(content, kind);
    try {
      const { lesson, previous } = await inTransaction(db, async (trx) => {
        const before = await lessonOr404(trx, id);
        const fileName = `${before.title.replace(/[^\w -]/g, '').trim() || 'lesson'}.${kind.ext}`;
        await createLessonRepository(trx).updateLesson(id, { file: name, file_name: fileName });
        await audit(trx, admin.id, 'upload', 'lesson', id, {
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
  };
  await app.register(
    withUploads((uploads) => uploads.put(DELIVERY_PATHS.adminLessonFile(), { preHandler: adminOnly }, upload)),
  );

  app.get(DELIVERY_PATHS.lesson(), async (request) => {
    const lesson = await lessonOr404(db, idParam(request.params));
    await assertLessonAccess(db, request.user, lesson);
    const done = request.user
      ? await createLessonRepository(db).completedIds(request.user.id, lesson.program_id)
      : new Set();
    return toLesson(lesson, done.has(lesson.id));
  });

  app.get(DELIVERY_PATHS.lessonFile(), async (request, reply) => {
    const lesson = await lessonOr404(db, idParam(request.params));
    await assertLessonAccess(db, request.user, lesson);
    const location = lesson.file ? files.locate(lesson.file) : null;
    const ext = lesson.file?.slice(lesson.file.lastIndexOf('.') + 1) ?? '';
    const mime = mimeOfExtension(ext);
    if (!location || !mime) throw new HttpError(404, DELIVERY_MESSAGES.noFile);
    return sendFile(reply, location, { type: mime, downloadName: lesson.file_name ?? `lesson.${ext}` });
  });

  for (const method of ['post', 'delete'] as const) {
    app[method](DELIVERY_PATHS.lessonComplete(), { preHandler: authenticated }, async (request) => {
      const user = requireUser(request);
      const lesson = await lessonOr404(db, idParam(request.params));
      await assertCanComplete(db, user, lesson);
      return inTransaction(db, async (trx) => {
        const lessons = createLessonRepository(trx);
        if (method === 'post') await lessons.complete(lesson.id, user.id, nowIso());
        else await lessons.uncomplete(lesson.id, user.id);
        await lessons.recomputeProgress(lesson.program_id, user.id);
        const enrollment = await isActiveStudent(trx, user, lesson.program_id);
        return { progress_percentage: enrollment?.progress_percentage ?? 0 };
      });
    });
  }
}
