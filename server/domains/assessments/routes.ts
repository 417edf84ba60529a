import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ASSESSMENT_MESSAGES as M,
  ASSESSMENT_PATHS as P,
  AnswerSave,
  AttemptEventInput,
  QuestionInput,
  QuestionPatch,
  QuestionQuery,
  TestInput,
  TestPatch,
} from '../../../contract/assessments.ts';
import { HttpError, notFound } from '../../platform/lib/errors.ts';
import { idParam, parse, parseId, parseQuery } from '../../platform/lib/validate.ts';
import { authenticated, requireUser, withProvenAccount } from '../../platform/http/auth.ts';
import { withUploads } from '../../platform/http/uploads.ts';
import { readUpload } from '../../platform/files/read-upload.ts';
import { assertInstructor } from '../lessons/index.ts';
import { scoresCsv, testAnalysis, testAttempts } from './analysis.ts';
import { createAttemptService, type AttemptJson } from './attempts.ts';
import { IMPORT_TEMPLATE, parseQuestionCsv, parseQuestionRows, type ParsedImport } from './import.ts';
import { createQuestionService } from './questions.ts';
import { attemptResult } from './result-service.ts';
import { createTestService } from './tests-service.ts';
import { isOldExcel, isZip, readXlsxRows, templateXlsx } from './xlsx.ts';

const sentKeys = (body: unknown) => (body && typeof body === 'object' ? Object.keys(body) : []);
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file's rows checked: an XLSX's first sheet (decision record 083) or a CSV, the same columns. */
async function parsedFile(content: Buffer): Promise<ParsedImport> {
  if (isZip(content)) return parseQuestionRows(await readXlsxRows(content));
  if (isOldExcel(content)) throw new HttpError(415, M.importXls);
  return parseQuestionCsv(content.toString('utf8'));
}

/** An import's rows: a multipart field "file" (CSV or XLSX), a text/csv body, or an XLSX body. */
async function importRows(request: FastifyRequest): Promise<ParsedImport> {
  if (request.isMultipart()) {
    const { file } = await readUpload(request, {
      fileField: 'file',
      maxBytes: IMPORT_MAX_BYTES,
      tooLarge: 'The file is over 2 MB: split it into smaller files.',
    });
    if (!file) throw new HttpError(400, M.importType);
    return parsedFile(file.content);
  }
  if (Buffer.isBuffer(request.body)) return parsedFile(request.body);
  if (typeof request.body !== 'string') throw new HttpError(415, M.importType);
  return parseQuestionCsv(request.body);
}

/** An answer the service wrote as JSON already (an attempt: decision record 090), sent as it is. */
const json = (reply: FastifyReply, body: AttemptJson) => reply.type('application/json; charset=utf-8').send(body);

/** Assessments (decision records 071, 072): the bank, tests, attempts and results. */
export default async function assessmentRoutes(app: FastifyInstance) {
  const { db, dialect } = app.deps;
  const questions = createQuestionService(db);
  const tests = createTestService(db);
  const attempts = createAttemptService(db, dialect);
  const auth = { preHandler: authenticated };
  const provesAccount = { config: { accountInStatement: true } };

  app.get(P.questions, auth, (request) => questions.list(request.user, parseQuery(QuestionQuery, request.query)));
  app.post(P.questions, auth, async (request, reply) =>
    reply.code(201).send(await questions.create(request.user, parse(QuestionInput, request.body))),
  );
  app.get(P.question(), auth, (request) => questions.get(request.user, idParam(request.params)));
  app.patch(P.question(), auth, (request) =>
    questions.update(
      request.user,
      idParam(request.params),
      parse(QuestionPatch, request.body ?? {}),
      sentKeys(request.body),
    ),
  );
  app.delete(P.question(), auth, async (request, reply) => {
    await questions.remove(request.user, idParam(request.params));
    return reply.code(204).send();
  });
  app.get(P.questionTemplate, auth, async (request, reply) => {
    assertInstructor(request.user);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="question-bank-template.csv"')
      .send('\uFEFF' + IMPORT_TEMPLATE);
  });
  app.get(P.questionTemplateXlsx, auth, async (request, reply) => {
    assertInstructor(request.user);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', 'attachment; filename="question-bank-template.xlsx"')
      .send(await templateXlsx());
  });
  await app.register(
    withUploads((uploads) => {
      uploads.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_r, body, done) =>
        done(null, body),
      );
      uploads.addContentTypeParser(XLSX_TYPE, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_r, body, done) =>
        done(null, body),
      );
      uploads.post(P.questionImport, auth, async (request: FastifyRequest, reply: FastifyReply) => {
        requireUser(request);
        const { questions: rows, problems } = await importRows(request);
        if (problems.length) {
          return reply.code(400).send({
            detail: `Nothing was imported: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix.`,
            problems,
          });
        }
        return reply.code(201).send(await questions.importRows(request.user, rows));
      });
    }),
  );

  app.get(P.tests, auth, (request) => tests.list(request.user));
  app.post(P.tests, auth, async (request, reply) =>
    reply.code(201).send(await tests.create(request.user, parse(TestInput, request.body))),
  );
  app.get(P.test(), auth, (request) => tests.get(request.user, idParam(request.params)));
  app.patch(P.test(), auth, (request) =>
    tests.update(request.user, idParam(request.params), parse(TestPatch, request.body ?? {}), sentKeys(request.body)),
  );
  app.delete(P.test(), auth, async (request, reply) => {
    await tests.remove(request.user, idParam(request.params));
    return reply.code(204).send();
  });
  app.get(P.testAttempts(), auth, async (request) => {
    const { row } = await tests.managed(request.user, idParam(request.params));
    return testAttempts(db, row.id);
  });
  app.get(P.testAnalysis(), auth, async (request) => {
    const { row } = await tests.managed(request.user, idParam(request.params));
    return testAnalysis(db, row.id);
  });
  app.get(P.testScores(), auth, async (request, reply) => {
    const { row } = await tests.managed(request.user, idParam(request.params));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="test-${row.id}-scores.csv"`)
      .send(await scoresCsv(db, row.id));
  });

  app.get(P.studentTests, auth, (request) => attempts.list(request.user, Date.now()));
  // The start and the save prove the caller's account in their own statement (decision record 103).
  app.post(P.startAttempt(), provesAccount, async (request, reply) =>
    withProvenAccount(request, async (account) =>
      json(reply.code(201), await attempts.start(account, idParam(request.params), Date.now())),
    ),
  );
  app.get(P.attempt(), auth, async (request, reply) =>
    json(reply, await attempts.get(request.user, idParam(request.params), Date.now())),
  );
  app.put(P.answer(), provesAccount, (request) =>
    withProvenAccount(request, async (account) => {
      const question = parseId((request.params as { question?: string }).question);
      if (question === null) throw notFound();
      return attempts.save(account, idParam(request.params), question, parse(AnswerSave, request.body), Date.now());
    }),
  );
  app.post(P.enterSection(), auth, async (request, reply) => {
    const index = (request.params as { index?: string }).index ?? '';
    if (!/^\d{1,2}$/.test(index)) throw notFound();
    return json(reply, await attempts.enterSection(request.user, idParam(request.params), Number(index), Date.now()));
  });
  app.post(P.submit(), auth, async (request, reply) =>
    json(reply, await attempts.submit(request.user, idParam(request.params), Date.now())),
  );
  app.post(P.events(), auth, async (request, reply) => {
    await attempts.event(
      request.user,
      idParam(request.params),
      parse(AttemptEventInput, request.body).kind,
      Date.now(),
    );
    return reply.code(204).send();
  });
  app.get(P.result(), auth, (request) => attemptResult(db, request.user, idParam(request.params), Date.now()));
}
