import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ASSIGNMENT_PATHS, AssignmentInput, AssignmentPatch, GradeInput } from '../../../../contract/index.ts';
import { idParam, parse } from '../../../platform/lib/validate.ts';
import {
  assignmentRoster,
  batchAssignments,
  createAssignment,
  deleteAssignment,
  gradeSubmission,
  updateAssignment,
} from '../assignment-work.ts';
import submissionRoutes from './submissions.ts';

/**
 * Assignments (decision record 051): the instructor's writes and grading (teaching/assignment-work.ts, each
 * authorised by assertTeachesBatch); the student's submission and the submitted file are in submissions.ts.
 */
export default async function assignmentRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const mailCtx = { institute: config.institute, publicUrl: config.publicUrl };
  const who = (request: FastifyRequest) => request.user ?? null;

  await app.register(submissionRoutes);

  app.get(ASSIGNMENT_PATHS.batchAssignments(), async (request) =>
    batchAssignments(db, who(request), idParam(request.params)),
  );

  app.post(ASSIGNMENT_PATHS.batchAssignments(), async (request, reply) => {
    const input = () => parse(AssignmentInput, request.body);
    return reply.code(201).send(await createAssignment(db, who(request), idParam(request.params), input));
  });

  app.patch(ASSIGNMENT_PATHS.assignment(), async (request) =>
    updateAssignment(db, who(request), idParam(request.params), () => parse(AssignmentPatch, request.body ?? {})),
  );

  app.delete(ASSIGNMENT_PATHS.assignment(), async (request, reply) => {
    await deleteAssignment(db, who(request), idParam(request.params));
    return reply.code(204).send();
  });

  app.get(ASSIGNMENT_PATHS.assignmentSubmissions(), async (request) =>
    assignmentRoster(db, who(request), idParam(request.params)),
  );

  app.post(ASSIGNMENT_PATHS.grade(), async (request) =>
    gradeSubmission(db, mailCtx, who(request), idParam(request.params), () => parse(GradeInput, request.body)),
  );
}
