import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DELETE_IMPACT_PATHS,
  DELIVERY_PATHS,
  LessonInput,
  LessonPatch,
  ModuleInput,
  ModulePatch,
} from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import { adminOnly, authenticated, requireAdmin, requireUser } from '../../../platform/http/auth.ts';
import { withUploads } from '../../../platform/http/uploads.ts';
import { readDocumentUpload } from '../../../platform/files/read-upload.ts';
import { sendFile } from '../../../platform/files/store.ts';
import { createCourseAdmin } from '../course-admin.ts';
import { createLessonFiles } from '../files.ts';
import { createLearningService } from '../learning.ts';
import { lessonDeleteImpact, moduleDeleteImpact } from '../delete-impact.ts';

/** Modules and lessons: the administrator's writes, the lesson answer and file, marking lessons done. */
export default async function lessonRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const files = createLessonFiles(config.uploadDir);
  const admin = createCourseAdmin(db, files);
  const learning = createLearningService(db, files);

  app.get(DELIVERY_PATHS.adminProgramModules(), { preHandler: adminOnly }, async (request) =>
    admin.programModules(idParam(request.params)),
  );

  app.post(DELIVERY_PATHS.adminProgramModules(), { preHandler: adminOnly }, async (request, reply) => {
    const actor = requireAdmin(request);
    const programId = idParam(request.params);
    const input = parse(ModuleInput, request.body);
    return reply.code(201).send(await admin.createModule(actor.id, programId, input));
  });

  app.patch(DELIVERY_PATHS.adminModule(), { preHandler: adminOnly }, async (request) => {
    const actor = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(ModulePatch, request.body ?? {});
    return admin.updateModule(actor.id, id, input);
  });

  // What a delete takes with it, read before the office confirms (decision record 085).
  app.get(DELETE_IMPACT_PATHS.module(), { preHandler: adminOnly }, async (request) =>
    moduleDeleteImpact(db, idParam(request.params)),
  );
  app.get(DELETE_IMPACT_PATHS.lesson(), { preHandler: adminOnly }, async (request) =>
    lessonDeleteImpact(db, idParam(request.params)),
  );

  app.delete(DELIVERY_PATHS.adminModule(), { preHandler: adminOnly }, async (request, reply) => {
    const actor = requireAdmin(request);
    await admin.removeModule(actor.id, idParam(request.params));
    return reply.code(204).send();
  });

  app.post(DELIVERY_PATHS.adminModuleLessons(), { preHandler: adminOnly }, async (request, reply) => {
    const actor = requireAdmin(request);
    const moduleId = idParam(request.params);
    const input = parse(LessonInput, request.body);
    return reply.code(201).send(await admin.createLesson(actor.id, moduleId, input));
  });

  app.patch(DELIVERY_PATHS.adminLesson(), { preHandler: adminOnly }, async (request) => {
    const actor = requireAdmin(request);
    const id = idParam(request.params);
    const input = parse(LessonPatch, request.body ?? {});
    return admin.updateLesson(actor.id, id, input);
  });

  app.delete(DELIVERY_PATHS.adminLesson(), { preHandler: adminOnly }, async (request, reply) => {
    const actor = requireAdmin(request);
    await admin.removeLesson(actor.id, idParam(request.params));
    return reply.code(204).send();
  });

  const upload = async (request: FastifyRequest) => {
    const actor = requireAdmin(request);
    const id = idParam(request.params);
    return admin.attachFile(actor.id, id, () => readDocumentUpload(request, config.uploadMaxBytes));
  };
  await app.register(
    withUploads((uploads) => uploads.put(DELIVERY_PATHS.adminLessonFile(), { preHandler: adminOnly }, upload)),
  );

  app.get(DELIVERY_PATHS.lesson(), async (request) => learning.lesson(request.user, idParam(request.params)));

  app.get(DELIVERY_PATHS.lessonFile(), async (request, reply) => {
    const file = await learning.file(request.user, idParam(request.params));
    return sendFile(reply, file.location, { type: file.mime, downloadName: file.downloadName });
  });

  for (const method of ['post', 'delete'] as const) {
    app[method](DELIVERY_PATHS.lessonComplete(), { preHandler: authenticated }, async (request) => {
      const user = requireUser(request);
      return learning.markDone(user, idParam(request.params), method === 'post');
    });
  }
}
