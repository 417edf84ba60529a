import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import {
  fileTooLarge,
  OPENING_MESSAGES,
  PLACEMENT_DOCUMENT_MESSAGES as D,
  OPENING_PATHS as P,
  PLACEMENT_PATHS,
  type Application,
  type Opening,
  type StudentOpening,
} from '../../contract/index.ts';
import { insertProgram, istDay } from './support/certificate-fixtures.ts';
import { createTestApp, type TestContext, type TestUser } from './support/harness.ts';
import { NOT_PDF, PDF, placementBatch, placementStudents, sendForm } from './support/placement-fixtures.ts';

/**
 * Openings and applications (decision record 078): who may do what (anonymous, the student of an eligible
 * batch, another student, an administrator), one application per student, the stages the office moves it
 * through (each emailed to the student), an interview's date and mode, and withdrawing; the résumé (a PDF,
 * the upload rules) and who may download it.
 */
let ctx: TestContext;
let admin: TestUser;
let student: TestUser;
let other: TestUser;
let programId: number;
let batchId: number;
let employerId: number;
const MAX_BYTES = 1024 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({ config: { uploadMaxBytes: MAX_BYTES } });
  admin = await ctx.user('openingsadmin', 'admin');
  student = await ctx.user('applicant');
  other = await ctx.user('notapplicant');
  programId = (await insertProgram(ctx.db, 'Openings Program', 1)).programId;
  batchId = await placementBatch(ctx.db, programId, 'Openings batch', istDay(10));
  await placementStudents(ctx.db, batchId, [student.id], { status: 'active' });
  const res = await ctx.request({
    method: 'POST',
    url: PLACEMENT_PATHS.employers,
    token: admin.access,
    body: { name: 'Openings Bank', sector: 'bank' },
  });
  employerId = (res.body as { id: number }).id;
});
afterAll(async () => ctx?.close());

const opening = (over: Record<string, unknown> = {}) => ({
  employer: employerId,
  title: 'Credit Analyst',
  location: 'Mumbai',
  ctc_min: 500_000,
  ctc_max: 700_000,
  batches: [batchId],
  description: 'Underwriting SME loans.',
  deadline: istDay(20),
  ...over,
});
async function createOpening(over: Record<string, unknown> = {}): Promise<Opening> {
  const res = await ctx.request({ method: 'POST', url: P.openings, token: admin.access, body: opening(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Opening;
}
const apply = (token: string | undefined, id: number) =>
  ctx.request({ method: 'POST', url: P.apply(id), token, body: { cover_note: 'I have done the SME module.' } });
const stage = (token: string | undefined, id: number, body: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: P.stage(id), token, body });
const mailsTo = async (email: string) =>
  (
    await ctx.db
      .selectFrom('outbox')
      .select(['subject', 'recipients', 'text_body'])
      .where('template', '=', 'application_stage')
      .execute()
  ).filter((m) => m.recipients.includes(email));

describe('openings: who may manage and see them', () => {
  it('only administrators manage openings (401 anonymous, 403 a student)', async () => {
    expect((await ctx.request({ method: 'POST', url: P.openings, body: opening() })).status).toBe(401);
    expect(
      (await ctx.request({ method: 'POST', url: P.openings, token: student.access, body: opening() })).status,
    ).toBe(403);
    expect((await ctx.request({ url: P.openings, token: student.access })).status).toBe(403);
    const made = await createOpening();
    expect(made).toMatchObject({ employer_name: 'Openings Bank', status: 'open', batches: [batchId], applications: 0 });
    expect((await ctx.request({ url: P.openings, token: admin.access })).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: made.id })]),
    );
  });

  it('refuses a CTC range upside down, no eligible batch, and a promise of a job, each with a sentence', async () => {
    const bad = await ctx.request({
      method: 'POST',
      url: P.openings,
      token: admin.access,
      body: opening({ ctc_min: 800_000, ctc_max: 500_000, batches: [], title: 'Guaranteed job' }),
    });
    expect(bad.status).toBe(400);
    const text = JSON.stringify(bad.body);
    expect(text).toContain(OPENING_MESSAGES.ctcRange);
    expect(text).toContain(OPENING_MESSAGES.eligibleRequired);
    expect(text).toContain('cannot be used');
  });

  it('a student of an eligible batch sees the open opening; another student and an anonymous caller do not', async () => {
    const made = await createOpening({ title: 'Visible opening' });
    const closed = await createOpening({ title: 'Closed opening', status: 'closed' });
    const past = await createOpening({ title: 'Past deadline', deadline: istDay(-1) });
    const byProgram = await createOpening({ title: 'By program', batches: [], programs: [programId] });
    const mine = (await ctx.request({ url: P.studentOpenings, token: student.access })).body as StudentOpening[];
    const ids = mine.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([made.id, byProgram.id]));
    expect(ids).not.toContain(closed.id);
    expect(ids).not.toContain(past.id);
    expect((await ctx.request({ url: P.studentOpenings, token: other.access })).body).toEqual([]);
    expect((await ctx.request({ url: P.studentOpenings })).status).toBe(401);
  });
});

describe('applications and their stages', () => {
  it('the student applies once; another student gets 404; a closed opening refuses', async () => {
    const made = await createOpening({ title: 'Apply once' });
    expect((await apply(undefined, made.id)).status).toBe(401);
    expect((await apply(other.access, made.id)).status).toBe(404);
    const first = await apply(student.access, made.id);
    expect(first.status).toBe(201);
    // A JSON body is still taken (without a résumé: docs/deviations.md).
    expect(first.body).toMatchObject({
      stage: 'applied',
      opening: made.id,
      employer_name: 'Openings Bank',
      resume: null,
    });
    const again = await apply(student.access, made.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: OPENING_MESSAGES.alreadyApplied });
    const closed = await createOpening({ title: 'Closed to apply', status: 'closed' });
    expect((await apply(student.access, closed.id)).body).toMatchObject({ error: OPENING_MESSAGES.closed });
    const listed = (await ctx.request({ url: P.studentOpenings, token: student.access })).body as StudentOpening[];
    expect(listed.find((o) => o.id === made.id)?.application).toMatchObject({ stage: 'applied' });
  });

  it('the office shortlists and schedules an interview (date and mode needed); each change emails the student', async () => {
    const made = await createOpening({ title: 'Staged opening' });
    const app = (await apply(student.access, made.id)).body as Application;
    const list = await ctx.request({ url: P.openingApplications(made.id), token: admin.access });
    // The office reads who applied: the student's name and email.
    expect((list.body as Application[]).map((a) => [a.id, a.student_email])).toEqual([
      [app.id, expect.stringMatching(/^applicant\.\d+@example\.in$/)],
    ]);
    expect((await ctx.request({ url: P.openingApplications(made.id), token: student.access })).status).toBe(403);

    expect((await stage(student.access, app.id, { stage: 'shortlisted' })).status).toBe(403);
    expect((await stage(admin.access, app.id, { stage: 'shortlisted' })).body).toMatchObject({ stage: 'shortlisted' });
    const noDate = await stage(admin.access, app.id, { stage: 'interview_scheduled' });
    expect(noDate.status).toBe(400);
    expect(JSON.stringify(noDate.body)).toContain(OPENING_MESSAGES.interviewDetails);
    const scheduled = await stage(admin.access, app.id, {
      stage: 'interview_scheduled',
      interview_at: `${istDay(5)}T11:00:00+05:30`,
      interview_mode: 'online',
    });
    expect(scheduled.body).toMatchObject({ stage: 'interview_scheduled', interview_mode: 'online' });

    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', student.id).executeTakeFirstOrThrow()
    ).email;
    const mails = (await mailsTo(email)).filter((m) => m.subject.includes('Openings Bank'));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Your application to Openings Bank: Applied',
        'Your application to Openings Bank: Shortlisted',
        'Your application to Openings Bank: Interview scheduled',
      ]),
    );
    expect(mails.find((m) => m.subject.endsWith('Interview scheduled'))?.text_body).toMatch(/Interview: .*online/);
    const mine = (await ctx.request({ url: P.studentApplications, token: student.access })).body as Application[];
    expect(mine.find((a) => a.id === app.id)).toMatchObject({ stage: 'interview_scheduled' });
    expect((await ctx.request({ url: P.studentApplications, token: other.access })).body).toEqual([]);
  });

  it('the student withdraws their own application; another student cannot; a withdrawn one moves no more', async () => {
    const made = await createOpening({ title: 'Withdrawn opening' });
    const app = (await apply(student.access, made.id)).body as Application;
    expect((await ctx.request({ method: 'POST', url: P.withdraw(app.id), token: other.access })).status).toBe(404);
    const out = await ctx.request({ method: 'POST', url: P.withdraw(app.id), token: student.access });
    expect(out.body).toMatchObject({ stage: 'withdrawn' });
    const twice = await ctx.request({ method: 'POST', url: P.withdraw(app.id), token: student.access });
    expect(twice.body).toMatchObject({ error: OPENING_MESSAGES.notWithdrawable });
    expect((await stage(admin.access, app.id, { stage: 'offered' })).body).toMatchObject({
      error: OPENING_MESSAGES.stageFinal,
    });
  });

  it('an opening with applications cannot be deleted; one without can', async () => {
    const used = await createOpening({ title: 'Used opening' });
    await apply(student.access, used.id);
    const refused = await ctx.request({ method: 'DELETE', url: P.opening(used.id), token: admin.access });
    expect(refused.body).toMatchObject({ error: OPENING_MESSAGES.hasApplications });
    const unused = await createOpening({ title: 'Unused opening' });
    expect((await ctx.request({ method: 'DELETE', url: P.opening(unused.id), token: admin.access })).status).toBe(204);
  });
});

describe('the résumé', () => {
  const applyWith = (token: string | undefined, id: number, file?: { name: string; content: Buffer }) =>
    sendForm(ctx, {
      url: P.apply(id),
      token,
      fields: { cover_note: 'My résumé is attached.' },
      file: file && { field: 'resume', ...file },
    });
  const download = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const stored = () => {
    const dir = path.join(ctx.config.uploadDir, 'resumes');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('the student applies with a PDF; they and an administrator download it, another student and anonymous do not', async () => {
    const made = await createOpening({ title: 'With a résumé' });
    const res = await applyWith(student.access, made.id, { name: 'Asha CV (2026).pdf', content: PDF });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const app = res.body as Application;
    expect(app.resume).toEqual({ file_name: 'Asha CV (2026).pdf', size_bytes: PDF.length, url: P.resume(app.id) });
    const own = await download(app.resume!.url, student.access);
    expect([own.statusCode, own.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="Asha CV \(2026\)\.pdf"/);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect((await download(P.resume(app.id), other.access)).statusCode).toBe(404);
    expect((await download(P.resume(app.id), admin.access)).statusCode).toBe(404);
    expect((await download(P.resume(app.id))).statusCode).toBe(401);

    const listed = (await ctx.request({ url: P.openingApplications(made.id), token: admin.access }))
      .body as Application[];
    expect(listed[0]!.resume?.url).toBe(P.officeResume(app.id));
    const office = await download(P.officeResume(app.id), admin.access);
    expect([office.statusCode, office.rawPayload.equals(PDF)]).toEqual([200, true]);
    expect((await download(P.officeResume(app.id), student.access)).statusCode).toBe(403);
    expect((await download(P.officeResume(app.id))).statusCode).toBe(401);
    // Another student's attempt to apply with a résumé leaves no file behind.
    const before = stored();
    expect((await applyWith(other.access, made.id, { name: 'cv.pdf', content: PDF })).status).toBe(404);
    expect(stored()).toEqual(before);
  });

  it('refuses another type (400), a form without a résumé (400) and one over the limit (413), storing nothing', async () => {
    const made = await createOpening({ title: 'Résumé rules' });
    const before = stored();
    expect(await applyWith(student.access, made.id, { name: 'cv.pdf', content: NOT_PDF })).toEqual({
      status: 400,
      body: { resume: [D.resumeType] },
    });
    expect(await applyWith(student.access, made.id)).toEqual({ status: 400, body: { resume: [D.resumeMissing] } });
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 0x20)]);
    expect(await applyWith(student.access, made.id, { name: 'cv.pdf', content: big })).toEqual({
      status: 413,
      body: { detail: fileTooLarge(MAX_BYTES) },
    });
    expect(stored()).toEqual(before);
    expect((await ctx.request({ url: P.studentOpenings, token: student.access })).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: made.id, application: null })]),
    );
  });
});
