import { describe, expect, it } from 'vitest';
import { CERTIFICATE_PATHS, certificatePagePath } from '../../contract/index.ts';
import { testConfig } from '../../server/config.ts';
import { createPersonalDataRepository } from '../../server/domains/privacy/repositories/personal-data.ts';
import { issueEndedBatchCertificates } from '../../server/domains/certificates/service.ts';
import { certificateEligibility } from '../../server/domains/certificates/eligibility.ts';
import { createCertificateRepository } from '../../server/domains/certificates/repository.ts';
import {
  courseWith,
  enrollWithRecord,
  insertUser,
  istDay,
  type StudentRecord,
} from './support/certificate-fixtures.ts';
import { freshDatabase, TEST_DB } from './support/harness.ts';
import { twoInstances } from './support/two-instances.ts';
import { EARNED, course, ctx, enrollNew, issue, useCertificatesApp } from './support/certificates-app.ts';

/**
 * Certificates (decision record 052) on the database TEST_DB names: the rules at their edges, the 400 that
 * names every rule not met, who may issue, revoke and download, the public verification (API and page),
 * consecutive numbers under concurrent issues, the PDF and the email with it attached, and the automatic
 * issue after a batch ends, once, with two instances running the housekeeping at the same time.
 */

useCertificatesApp();

describe('erasure', () => {
  it('keeps the certificate valid under its number and code, but its public page no longer names the person', async () => {
    const person = await ctx.user('leaver');
    await enrollWithRecord(ctx.db, course, person.id, EARNED);
    const enrollment = await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('student_id', '=', person.id)
      .executeTakeFirstOrThrow();
    const { code } = (await issue(enrollment.id)).body as { code: string };
    await createPersonalDataRepository(ctx.db).erase(person.id);
    const api = await ctx.request({ url: CERTIFICATE_PATHS.verify(code) });
    expect(api.body).toMatchObject({ status: 'valid', student_name: 'Erased Person' });
    expect((await ctx.request({ url: certificatePagePath(code) })).raw).not.toContain('Leaver');
  });
});

describe('numbers', () => {
  it('are consecutive from 1 with no duplicates, under concurrent issues', async () => {
    const enrollments = [];
    for (let i = 0; i < 8; i++) enrollments.push(await enrollNew(EARNED));
    const answers = await Promise.all(enrollments.map((e) => issue(e)));
    expect(answers.map((a) => a.status)).toEqual(enrollments.map(() => 201));
    const numbers = (await ctx.db.selectFrom('certificates').select('number').execute())
      .map((r) => Number(r.number))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const codes = await ctx.db.selectFrom('certificates').select('code').execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });
});

describe(`the automatic issue after a batch ends, two instances on one ${TEST_DB === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('issues each eligible student of an ended batch one certificate and one email, and nobody else', async () => {
    const instances = await twoInstances();
    try {
      const db = instances.handles[0]!.db;
      const teacher = await insertUser(db, 'teacher', 'instructor');
      const ended = await courseWith(db, {
        title: 'Ended Program',
        lessons: 2,
        sessions: 4,
        assignments: [{ title: 'Final', max: 50 }],
        instructorId: teacher,
        endsOn: istDay(-1),
      });
      const running = await courseWith(db, {
        title: 'Running Program',
        lessons: 1,
        sessions: 1,
        assignments: [],
        instructorId: teacher,
        endsOn: istDay(0),
      });
      const earned: StudentRecord = { lessonsDone: 2, present: 3, marks: [20] };
      const eligible = [];
      for (let i = 0; i < 4; i++)
        eligible.push(await enrollWithRecord(db, ended, await insertUser(db, `grad${i}`), earned));
      // A program without lessons: the lesson rule is met by nothing to complete, in the pass as on the course page.
      const noLessons = await courseWith(db, {
        title: 'Workshop Series',
        lessons: 0,
        sessions: 4,
        assignments: [{ title: 'Final', max: 50 }],
        instructorId: teacher,
        endsOn: istDay(-1),
      });
      eligible.push(
        await enrollWithRecord(db, noLessons, await insertUser(db, 'attendee'), { ...earned, lessonsDone: 0 }),
      );
      await enrollWithRecord(db, ended, await insertUser(db, 'short'), { ...earned, present: 2 });
      // Every rule met but one lesson: the pass leaves them out before it checks the other rules.
      await enrollWithRecord(db, ended, await insertUser(db, 'unfinished'), { ...earned, lessonsDone: 1 });
      await enrollWithRecord(db, running, await insertUser(db, 'early'), { lessonsDone: 1, present: 1, marks: [] });

      const config = testConfig({ publicUrl: 'https://cci.example.in' });
      const runs = await Promise.all(
        instances.handles.map((h) => issueEndedBatchCertificates(h.db, h.dialect, config)),
      );
      expect(runs.reduce((a, b) => a + b, 0)).toBe(5);
      // Another round in both changes nothing.
      await Promise.all(instances.handles.map((h) => issueEndedBatchCertificates(h.db, h.dialect, config)));
      const rows = await db.selectFrom('certificates').selectAll().orderBy('number').execute();
      expect(rows.map((r) => r.enrollment_id).sort((a, b) => a - b)).toEqual(eligible);
      expect(rows.map((r) => Number(r.number))).toEqual([1, 2, 3, 4, 5]);
      expect(rows.every((r) => r.issued_by === null && r.hours === 6)).toBe(true);
      const emails = await db.selectFrom('outbox').select('id').where('template', '=', 'certificate_issued').execute();
      expect(emails).toHaveLength(5);
    } finally {
      await instances.close();
    }
  });

  it('checks exactly the students who meet the lesson rule, as the rules themselves read it', async () => {
    // The query and the rules on one database; no app is needed.
    const handle = await freshDatabase();
    try {
      const db = handle.db;
      const teacher = await insertUser(db, 'teacher', 'instructor');
      const threeLessons = await courseWith(db, {
        title: 'Three Lessons',
        lessons: 3,
        sessions: 2,
        assignments: [{ title: 'Final', max: 50 }],
        instructorId: teacher,
        endsOn: istDay(-3),
      });
      const noLessons = await courseWith(db, {
        title: 'No Lessons',
        lessons: 0,
        sessions: 2,
        assignments: [],
        instructorId: teacher,
        endsOn: istDay(-3),
      });
      // Some meet every other rule, some none: the pass's candidates depend on the lessons alone.
      for (const lessonsDone of [0, 1, 2, 3]) {
        for (const record of [
          { lessonsDone, present: 2, marks: [50] },
          { lessonsDone, present: 0, marks: ['none' as const] },
        ]) {
          await enrollWithRecord(db, threeLessons, await insertUser(db, `s${lessonsDone}${record.present}`), record);
        }
      }
      await enrollWithRecord(db, noLessons, await insertUser(db, 'none1'), { lessonsDone: 0, present: 0, marks: [] });

      const today = istDay(0);
      const candidates = new Set(
        (await createCertificateRepository(db).endedWithoutCertificate(today)).map((c) => c.id),
      );
      const ended = await db
        .selectFrom('enrollments')
        .innerJoin('batches', 'batches.id', 'enrollments.batch_id')
        .select(['enrollments.id', 'enrollments.student_id', 'enrollments.course_id', 'enrollments.batch_id'])
        .where('batches.ends_on', '<', today)
        .execute();
      expect(ended).toHaveLength(9);
      const { certificates: rules } = testConfig();
      const lessonRuleMet = new Set<number>();
      for (const e of ended) {
        const who = { studentId: e.student_id, programId: e.course_id, batchId: e.batch_id! };
        if ((await certificateEligibility(db, rules, who, Date.now())).lessons.met) lessonRuleMet.add(e.id);
      }
      // Three lessons done (twice) and the program without lessons.
      expect(lessonRuleMet.size).toBe(3);
      expect(candidates).toEqual(lessonRuleMet);
    } finally {
      await handle.close();
    }
  });
});
