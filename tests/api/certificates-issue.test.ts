import { beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  AdminCertificate,
  CERTIFICATE_PATHS,
  Course as CourseAnswer,
  DELIVERY_PATHS,
  PublicCertificate,
  certificatePagePath,
} from '../../contract/index.ts';
import { loadConfig } from '../../server/config.ts';
import { createMailWorker } from '../../server/platform/mail/worker.ts';
import { enrollWithRecord, istDay } from './support/certificate-fixtures.ts';
import { pdfText } from './support/pdf-text.ts';
import {
  EARNED,
  admin,
  classmate,
  course,
  ctx,
  enrollNew,
  instructor,
  issue,
  learner,
  otherCourse,
  otherInstructor,
  post,
  stranger,
  useCertificatesApp,
} from './support/certificates-app.ts';

/**
 * Certificates (decision record 052) on the database TEST_DB names: the rules at their edges, the 400 that
 * names every rule not met, who may issue, revoke and download, the public verification (API and page),
 * consecutive numbers under concurrent issues, the PDF and the email with it attached, and the automatic
 * issue after a batch ends, once, with two instances running the housekeeping at the same time.
 */

useCertificatesApp();

describe('configuration', () => {
  it('defaults to 75% attendance and a 40% pass mark; reads CERTIFICATE_MIN_ATTENDANCE and CERTIFICATE_PASS_PERCENT', () => {
    expect(loadConfig({}).certificates).toEqual({ minAttendancePercent: 75, passPercent: 40 });
    expect(loadConfig({ CERTIFICATE_MIN_ATTENDANCE: '80', CERTIFICATE_PASS_PERCENT: '0' }).certificates).toEqual({
      minAttendancePercent: 80,
      passPercent: 0,
    });
    expect(() => loadConfig({ CERTIFICATE_MIN_ATTENDANCE: '101' })).toThrow(
      'CERTIFICATE_MIN_ATTENDANCE must be a whole number from 0 to 100, got "101".',
    );
    expect(() => loadConfig({ CERTIFICATE_PASS_PERCENT: '40.5' })).toThrow(/CERTIFICATE_PASS_PERCENT/);
  });
});

describe('the rules, at their edges', () => {
  it('attendance of exactly 75% and assignments at exactly 40% earn the certificate', async () => {
    const res = await issue(await enrollNew(EARNED));
    expect(res.status).toBe(201);
    const body = res.body as { code: string; url: string };
    expect(body.code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(body.url).toBe(`https://cci.example.in/certificates/${body.code}`);
  });

  it('attendance just below 75% does not', async () => {
    const res = await issue(await enrollNew({ ...EARNED, present: 74 }));
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: attendance 74% of the 75% needed.',
    );
  });

  it('an assignment just below 40% fails it', async () => {
    const res = await issue(await enrollNew({ ...EARNED, marks: [4, 39] }));
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: assignments below the 40% pass mark: CMA data.',
    );
  });

  it('an ungraded submission, and a missing one, are not graded', async () => {
    const ungraded = await issue(await enrollNew({ ...EARNED, marks: [null, 40] }));
    expect((ungraded.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: assignments not graded: Ratio analysis.',
    );
    const missing = await issue(await enrollNew({ ...EARNED, marks: [4, 'none'] }));
    expect((missing.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: assignments not graded: CMA data.',
    );
  });

  it('one lesson left is not complete', async () => {
    const res = await issue(await enrollNew({ ...EARNED, lessonsDone: 3 }));
    expect((res.body as { error: string }).error).toBe('Not yet eligible for a certificate: 1 lesson left.');
  });

  it('the 400 names every rule not met, in one sentence', async () => {
    const enrollment = await enrollNew({ lessonsDone: 2, present: 50, marks: [null, 10] });
    const res = await issue(enrollment);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe(
      'Not yet eligible for a certificate: 2 lessons left; attendance 50% of the 75% needed; ' +
        'assignments not graded: Ratio analysis; assignments below the 40% pass mark: CMA data.',
    );
    const none = await ctx.db.selectFrom('certificates').select('id').where('enrollment_id', '=', enrollment).execute();
    expect(none).toEqual([]);
  });

  it('the course page shows the rules toward the certificate, then the certificate', async () => {
    const enrollment = await enrollWithRecord(ctx.db, course, learner.id, { ...EARNED, present: 74 });
    const before = CourseAnswer.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(enrollment), token: learner.access })).body,
    );
    expect(before.certificate).toBeNull();
    expect(before.eligibility).toMatchObject({
      eligible: false,
      lessons: { done: 4, total: 4, met: true },
      attendance: { percentage: 74, required: 75, held_sessions: 100, met: false },
      assignments: { total: 2, met: true },
    });
    await ctx.db
      .updateTable('session_attendance')
      .set({ present: 1 })
      .where('student_id', '=', learner.id)
      .where('session_id', '=', course.sessionIds[74]!)
      .execute();
    const issued = await issue(enrollment, instructor.access);
    expect(issued.status).toBe(201);
    const after = CourseAnswer.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(enrollment), token: learner.access })).body,
    );
    expect(after.eligibility?.eligible).toBe(true);
    expect(after.certificate).toEqual({
      code: (issued.body as { code: string }).code,
      number: expect.any(Number),
      url: (issued.body as { url: string }).url,
    });
  });
});

describe('who may issue', () => {
  it('anonymous 401; a student of the batch, of another batch and another instructor 403; the instructor 201, again 200 with the same code; an administrator 201', async () => {
    const own = await enrollWithRecord(ctx.db, course, classmate.id, EARNED);
    await enrollWithRecord(ctx.db, otherCourse, stranger.id, { lessonsDone: 1, present: 2, marks: [] });
    expect((await issue(own, null)).status).toBe(401);
    expect((await issue(own, classmate.access)).status).toBe(403);
    expect((await issue(own, stranger.access)).status).toBe(403);
    const other = await issue(own, otherInstructor.access);
    expect(other.status).toBe(403);
    expect((other.body as { detail: string }).detail).toBe(
      'Only the instructor of this batch and administrators can do this.',
    );
    const first = await issue(own, instructor.access);
    expect(first.status).toBe(201);
    const again = await issue(own, instructor.access);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(
      await ctx.db.selectFrom('certificates').select('id').where('enrollment_id', '=', own).execute(),
    ).toHaveLength(1);
    expect((await issue(await enrollNew(EARNED), admin.access)).status).toBe(201);
    expect((await issue(999_999, admin.access)).status).toBe(404);
  });
});

describe('verification, revocation and the PDF', () => {
  let code: string;
  beforeAll(async () => {
    const enrollment = await enrollNew(EARNED);
    code = ((await issue(enrollment)).body as { code: string }).code;
  });

  it('anyone verifies a valid certificate (API and page, noindex); an unknown code is a real 404 page', async () => {
    const api = await ctx.request({ url: CERTIFICATE_PATHS.verify(code) });
    expect(api.status).toBe(200);
    expect(api.headers['x-robots-tag']).toBe('noindex');
    const body = PublicCertificate.parse(api.body);
    expect(body).toMatchObject({
      code,
      student_name: expect.stringMatching(/^Student\d+ Tester$/),
      program: 'Credit Analyst Program',
      batch: { name: 'Credit Analyst Program batch' },
      status: 'valid',
      revoked_on: null,
      hours: 150,
      instructor_name: 'Teacher Tester',
    });
    const page = await ctx.request({ url: certificatePagePath(code) });
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.raw).toContain('<meta name="robots" content="noindex" />');
    expect(page.raw).toContain('Valid: this certificate was issued by');
    expect(page.raw).toContain(body.student_name);
    const unknown = await ctx.request({ url: certificatePagePath('no-such-code-at-all') });
    expect(unknown.status).toBe(404);
    expect(unknown.raw).toContain('Certificate not found');
    expect((await ctx.request({ url: CERTIFICATE_PATHS.verify('no-such-code-at-all') })).status).toBe(404);
  });

  it('only an administrator revokes, with a reason; the page then says revoked with the date, never the reason', async () => {
    const url = CERTIFICATE_PATHS.revoke(code);
    const reason = 'Attendance sheet was forged';
    expect((await post(url, null, { reason })).status).toBe(401);
    expect((await post(url, learner.access, { reason })).status).toBe(403);
    expect((await post(url, instructor.access, { reason })).status).toBe(403);
    expect((await post(url, admin.access, { reason: '  ' })).status).toBe(400);
    const revoked = await post(url, admin.access, { reason });
    expect(revoked.status).toBe(200);
    expect(AdminCertificate.parse(revoked.body)).toMatchObject({ status: 'revoked', revoked_reason: reason });
    expect((await post(url, admin.access, { reason })).status).toBe(400);
    const api = await ctx.request({ url: CERTIFICATE_PATHS.verify(code) });
    expect(api.body).toMatchObject({ status: 'revoked', revoked_on: istDay(0) });
    expect(api.raw).not.toContain(reason);
    const page = await ctx.request({ url: certificatePagePath(code) });
    expect(page.raw).toContain('Revoked on');
    expect(page.raw).not.toContain('forged');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'certificate')
      .where('action', '=', 'revoke')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    const list = await ctx.request({ url: CERTIFICATE_PATHS.adminList, token: admin.access });
    expect(list.status).toBe(200);
    expect((list.body as AdminCertificate[]).find((c) => c.code === code)?.status).toBe('revoked');
    expect((await ctx.request({ url: CERTIFICATE_PATHS.adminList, token: instructor.access })).status).toBe(403);
  });

  it('its student and administrators download the PDF with the name, program and code; others may not', async () => {
    const row = await ctx.db
      .selectFrom('certificates')
      .selectAll()
      .where('student_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    const mine = await ctx.app.inject({
      url: CERTIFICATE_PATHS.pdf(row.code),
      headers: { authorization: `Bearer ${learner.access}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(mine.rawPayload);
    expect(text).toContain('Learner Tester');
    expect(text).toContain('Credit Analyst Program');
    expect(text).toContain(row.code);
    expect(text).toContain(`https://cci.example.in/certificates/${row.code}`);
    const asAdmin = await ctx.app.inject({
      url: CERTIFICATE_PATHS.pdf(row.code),
      headers: { authorization: `Bearer ${admin.access}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    const other = await ctx.request({ url: CERTIFICATE_PATHS.pdf(row.code), token: classmate.access });
    expect(other.status).toBe(403);
    expect((await ctx.request({ url: CERTIFICATE_PATHS.pdf(row.code) })).status).toBe(401);
  });

  it('the email announcing it is in the outbox, written with it, and carries the PDF', async () => {
    const row = await ctx.db
      .selectFrom('certificates')
      .selectAll()
      .where('student_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    const emails = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('template', '=', 'certificate_issued')
      .where('recipients', 'like', '%"learner.%')
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text_body).toContain(`https://cci.example.in/certificates/${row.code}`);
    expect(JSON.parse(emails[0]!.attachments)).toEqual([
      { kind: 'certificate', id: row.id, filename: `Certificate ${row.number}.pdf` },
    ]);
    // The admin Outbox view names the attachment.
    const outbox = await ctx.request({ url: `${API.admin.outbox}?template=certificate_issued`, token: admin.access });
    const listed = (outbox.body as { results: { id: number; attachments: string[] }[] }).results;
    expect(listed.find((e) => e.id === emails[0]!.id)?.attachments).toEqual([`Certificate ${row.number}.pdf`]);
    const sent: { to: string; attachments: { filename: string; content: Buffer }[] }[] = [];
    const worker = createMailWorker({
      db: ctx.db,
      dialect: ctx.app.deps.dialect,
      config: { ...ctx.config, smtpUrl: null },
      transport: { send: async (m) => void sent.push(m as never), close: () => undefined },
    });
    await worker.runOnce();
    await worker.stop();
    const mail = sent.find((m) => m.to.startsWith('learner.'));
    expect(mail?.attachments.map((a) => a.filename)).toEqual([`Certificate ${row.number}.pdf`]);
    const text = await pdfText(mail!.attachments[0]!.content);
    expect(text).toContain('Learner Tester');
    expect(text).toContain(row.code);
  });
});
