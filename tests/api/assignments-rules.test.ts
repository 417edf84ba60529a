import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_PATHS,
  Course,
  DELIVERY_PATHS,
  InstructorAssignment,
  Submission,
  SubmissionRoster,
} from '../../contract/index.ts';
import {
  MAX_BYTES,
  PDF,
  admin,
  batch,
  classmate,
  ctx,
  enrollmentId,
  grade,
  instructor,
  newAssignment,
  post,
  student,
  submit,
  useAssignmentsApp,
} from './support/assignments-app.ts';

/**
 * Assignments and submissions (decision record 051), on the database TEST_DB names: the access matrix of
 * every endpoint (anonymous, a student of the batch, a student of another batch, the batch's instructor,
 * another instructor, an administrator) and the rules a person notices: late at the due time's edge,
 * resubmission until graded, no delete after a submission, marks within bounds, the file's type read from
 * its content, the size limit, the "graded" email in the outbox, and who may download a submitted file.
 */

useAssignmentsApp();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(200, 0),
  Buffer.from('This program cannot be run in DOS mode'),
]);
const CSV = Buffer.from('ratio,value\ncurrent ratio,1.33\ndebt-equity,2.1\n');

const storedFiles = () => {
  const dir = path.join(ctx.config.uploadDir, 'submissions');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('the rules', () => {
  it('creates with 201, lists with counts and renders the instructions safely', async () => {
    const one = await newAssignment({ instructions: 'Read **CMA data**.\n\n<script>alert(1)</script>' });
    expect(one.instructions_html).toContain('<strong>CMA data</strong>');
    expect(one.instructions_html).not.toContain('<script>');
    expect(one.instructions_html).toContain('&lt;script&gt;');
    const bad = await post(ASSIGNMENT_PATHS.batchAssignments(batch.id), instructor.access, {
      title: '',
      due_at: 'tomorrow',
      max_marks: 0,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual(['due_at', 'max_marks', 'title']);
    const sub = Submission.parse((await submit(one.id, student.access, { text: 'Done.' })).body);
    await submit(one.id, classmate.access, { text: 'Also done.' });
    await grade(sub.id, instructor.access, { marks: 5 });
    const list = InstructorAssignment.array().parse(
      (await ctx.request({ url: ASSIGNMENT_PATHS.batchAssignments(batch.id), token: instructor.access })).body,
    );
    const row = list.find((a) => a.id === one.id)!;
    expect({ students: row.students, submitted: row.submitted, graded: row.graded }).toEqual({
      students: 2,
      submitted: 2,
      graded: 1,
    });
  });

  it('marks a submission late only after the due time', async () => {
    // A minute ahead, on a whole second, written in IST as an instructor would (tokens stay valid).
    const due = Math.ceil((Date.now() + 60_000) / 1000) * 1000;
    const ist = new Date(due + 330 * 60_000).toISOString().slice(0, 19) + '+05:30';
    const one = await newAssignment({ due_at: ist });
    expect(one.due_at).toBe(new Date(due).toISOString());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(due);
    const onTime = Submission.parse((await submit(one.id, student.access, { text: 'Right on time.' })).body);
    expect(onTime.is_late).toBe(false);
    expect(onTime.state).toBe('submitted');
    vi.setSystemTime(due + 1000);
    const late = Submission.parse((await submit(one.id, classmate.access, { text: 'A second late.' })).body);
    expect(late.is_late).toBe(true);
    expect(late.state).toBe('late');
    // A resubmission after the due time is late as well.
    const again = Submission.parse((await submit(one.id, student.access, { text: 'Edited.' })).body);
    expect(again.is_late).toBe(true);
  });

  it('takes resubmissions, replacing the file, until graded; then 400 "already graded"', async () => {
    const one = await newAssignment();
    const before = storedFiles();
    const first = await submit(one.id, student.access, { text: 'v1', file: { name: 'note.pdf', content: PDF } });
    expect(first.status).toBe(201);
    const firstFiles = storedFiles().filter((f) => !before.includes(f));
    expect(firstFiles).toHaveLength(1);
    const second = await submit(one.id, student.access, { text: 'v2', file: { name: 'ratios.csv', content: CSV } });
    expect(second.status).toBe(200);
    const sub = Submission.parse(second.body);
    expect(sub).toMatchObject({ text: 'v2', file_name: 'ratios.csv', file_type: 'text/csv', file_size: CSV.length });
    const now = storedFiles().filter((f) => !before.includes(f));
    expect(now).toHaveLength(1);
    expect(now[0]).not.toBe(firstFiles[0]);
    expect((await grade(sub.id, instructor.access, { marks: 18, feedback: 'Clear.' })).status).toBe(200);
    const refused = await submit(one.id, student.access, { text: 'v3' });
    expect(refused).toEqual({ status: 400, body: { error: ASSIGNMENT_MESSAGES.alreadyGraded } });
    const course = Course.parse(
      (await ctx.request({ url: DELIVERY_PATHS.course(enrollmentId), token: student.access })).body,
    );
    const shown = course.assignments.find((a) => a.id === one.id)!;
    expect(shown.state).toBe('graded');
    expect(shown.submission).toMatchObject({ marks: 18, feedback: 'Clear.', text: 'v2' });
  });

  it('regrades, audited, and emails the student through the outbox each time', async () => {
    const one = await newAssignment({ title: 'Cash flow statement' });
    const sub = Submission.parse((await submit(one.id, student.access, { text: 'My answer' })).body);
    const mails = () =>
      ctx.db.selectFrom('outbox').selectAll().where('template', '=', 'assignment_graded').orderBy('id').execute();
    const count = (await mails()).length;
    expect((await grade(sub.id, instructor.access, { marks: 14, feedback: 'Check the working capital.' })).status).toBe(
      200,
    );
    expect((await grade(sub.id, admin.access, { marks: 16, feedback: 'Rechecked.' })).status).toBe(200);
    const sent = (await mails()).slice(count);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[0]!.recipients)).toEqual([expect.stringMatching(/^asha\./)]);
    expect(sent[0]!.subject).toContain('Cash flow statement');
    expect(sent[0]!.text_body).toContain('14 of 20 marks');
    expect(sent[0]!.text_body).toContain('Check the working capital.');
    expect(sent[1]!.text_body).toContain('16 of 20 marks');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'assignment_submission')
      .where('entity_id', '=', sub.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['submit', 'grade', 'regrade']);
    expect(audit.at(-1)!.actor_id).toBe(admin.id);
  });

  it('keeps marks within 0..max_marks, whole numbers', async () => {
    const one = await newAssignment({ max_marks: 10 });
    const sub = Submission.parse((await submit(one.id, student.access, { text: 'Answer' })).body);
    for (const marks of [-1, 11, 2.5, '7']) {
      const res = await grade(sub.id, instructor.access, { marks });
      expect(res.status, String(marks)).toBe(400);
      expect(Object.keys(res.body as object)).toEqual(['marks']);
    }
    const over = await grade(sub.id, instructor.access, { marks: 11 });
    expect(over.body).toEqual({ marks: [ASSIGNMENT_MESSAGES.marksAbove(10)] });
    expect((await grade(sub.id, instructor.access, { marks: 0 })).status).toBe(200);
    expect((await grade(sub.id, instructor.access, { marks: 10 })).status).toBe(200);
  });

  it('refuses to delete an assignment once anyone submitted', async () => {
    const one = await newAssignment();
    await submit(one.id, classmate.access, { text: 'Mine' });
    const res = await ctx.request({
      method: 'DELETE',
      url: ASSIGNMENT_PATHS.assignment(one.id),
      token: instructor.access,
    });
    expect(res).toMatchObject({ status: 400, body: { error: ASSIGNMENT_MESSAGES.hasSubmissions } });
    const still = await ctx.request({ url: ASSIGNMENT_PATHS.assignmentSubmissions(one.id), token: instructor.access });
    expect(still.status).toBe(200);
  });

  it('reads the file’s type from its content: a .pdf holding a PNG and an .exe are refused', async () => {
    const one = await newAssignment();
    const before = storedFiles();
    for (const file of [
      { name: 'note.pdf', content: PNG, type: 'application/pdf' },
      { name: 'setup.exe', content: EXE },
      { name: 'setup.pdf', content: EXE, type: 'application/pdf' },
      { name: 'notes.txt', content: Buffer.from('just words without separators') },
    ]) {
      const res = await submit(one.id, student.access, { file });
      expect(res, file.name).toEqual({ status: 400, body: { file: [ASSIGNMENT_MESSAGES.fileType] } });
    }
    expect(ASSIGNMENT_MESSAGES.fileType).toMatch(/PDF.*Word.*Excel.*CSV.*PowerPoint.*PNG.*JPEG.*WebP/);
    expect(storedFiles()).toEqual(before);
    const image = await submit(one.id, student.access, { file: { name: 'chart.png', content: PNG } });
    expect(image.status).toBe(201);
    expect(Submission.parse(image.body).file_type).toBe('image/png');
  });

  it('refuses a file over SUBMISSION_MAX_BYTES and an empty submission', async () => {
    const one = await newAssignment();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_BYTES, 0x20)]);
    const res = await submit(one.id, student.access, { file: { name: 'big.pdf', content: big } });
    expect(res.status).toBe(413);
    expect((res.body as { detail: string }).detail).toMatch(/larger than/);
    const empty = await submit(one.id, student.access, { text: '   ' });
    expect(empty).toEqual({ status: 400, body: { error: ASSIGNMENT_MESSAGES.emptySubmission } });
  });

  it('serves the file as an attachment with its stored type; the roster lists every student', async () => {
    const one = await newAssignment();
    const sub = Submission.parse(
      (await submit(one.id, student.access, { text: 'See file', file: { name: 'Appraisal note.pdf', content: PDF } }))
        .body,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: sub.file_url!,
      headers: { authorization: `Bearer ${instructor.access}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Appraisal note.pdf"/);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const roster = SubmissionRoster.parse(
      (await ctx.request({ url: ASSIGNMENT_PATHS.assignmentSubmissions(one.id), token: instructor.access })).body,
    );
    expect(roster.students.map((s) => [s.student.id, s.submission?.id ?? null])).toEqual(
      expect.arrayContaining([
        [student.id, sub.id],
        [classmate.id, null],
      ]),
    );
    expect(roster.students).toHaveLength(2);
    const textOnly = Submission.parse((await submit(one.id, classmate.access, { text: 'No file' })).body);
    expect(textOnly.file_url).toBeNull();
  });
});
