import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { ASSESSMENT_MESSAGES, ASSESSMENT_PATHS as P, type ImportProblem, type Question } from '../../contract/index.ts';
import { assessmentWorld, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/** The question bank's CSV and XLSX import (decision records 071, 083): all rows or none, every bad row and column named. */
let ctx: TestContext;
let w: AssessmentWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  w = await assessmentWorld(ctx);
});
afterAll(async () => ctx?.close());

const HEADER =
  'program,topic,kind,text,option_a,option_b,option_c,answer,tolerance,explanation,marks,negative_marks,difficulty';
const importCsv = (token: string | null, csv: string) =>
  ctx.request({ method: 'POST', url: P.questionImport, token, body: csv, headers: { 'content-type': 'text/csv' } });
const count = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importing questions from a CSV', () => {
  it('a file with bad rows imports nothing and names every bad row and column', async () => {
    const csv = [
      HEADER,
      `${w.programId},NPA norms,single,"Overdue for more than how many days makes a term loan an NPA?",60,90,180,B,,"IRAC norms, RBI master circular",1,0.25,easy`,
      `${w.programId},NPA norms,single,Which asset class follows substandard?,Doubtful,Loss,,D,,,1,0,easy`,
      `${w.programId},Basel,sometimes,What is CET1?,Equity,Debt,,A,,,1,0,hard`,
      `${w.programId},Working capital,numeric,Gap in lakh?,,,,,0,,two,0,medium`,
    ].join('\r\n');
    const before = await count();
    const res = await importCsv(w.instructor.access, csv);
    expect(res.status).toBe(400);
    const body = res.body as { detail: string; problems: ImportProblem[] };
    expect(body.detail).toMatch(/Nothing was imported/);
    const named = body.problems.map((p) => `${p.row}:${p.column}`);
    expect(named).toEqual(expect.arrayContaining(['3:answer', '4:kind', '5:answer', '5:marks']));
    expect(named.some((n) => n.startsWith('2:'))).toBe(false);
    expect(body.problems.find((p) => p.row === 4)!.problem).toMatch(/single, multiple, numeric, true_false/);
    expect(await count()).toBe(before);
  });

  it('the corrected file imports every row, and Hindi text and true/false defaults come through', async () => {
    const csv = [
      HEADER + ',text_hi',
      `${w.programId},NPA norms,single,"Overdue for more than how many days makes a term loan an NPA?",60,90,180,B,,"IRAC norms, RBI master circular",1,0.25,easy,`,
      `${w.programId},NPA norms,true_false,A substandard asset has been an NPA for up to 12 months.,,,,A,,,1,0,easy,अवमानक आस्ति 12 महीने तक एनपीए रहती है।`,
      `${w.programId},Working capital,numeric,Gap in lakh?,,,,300,0.5,,2,0,medium,`,
    ].join('\r\n');
    const before = await count();
    const res = await importCsv(w.instructor.access, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ imported: 3 });
    expect(await count()).toBe(before + 3);
    const bank = (
      await ctx.request({ url: `${P.questions}?program=${w.programId}&search=substandard`, token: w.instructor.access })
    ).body as Question[];
    expect(bank).toHaveLength(1);
    expect(bank[0]).toMatchObject({
      kind: 'true_false',
      answer: ['A'],
      text_hi: 'अवमानक आस्ति 12 महीने तक एनपीए रहती है।',
    });
    expect(bank[0]!.options.map((o) => o.text)).toEqual(['True', 'False']);
  });

  it('another program’s instructor cannot import into this program; students cannot import at all', async () => {
    const csv = [HEADER, `${w.programId},Basel,single,What is CET1?,Equity,Debt,,A,,,1,0,hard`].join('\r\n');
    expect((await importCsv(w.otherInstructor.access, csv)).status).toBe(403);
    expect((await importCsv(w.student.access, csv)).status).toBe(403);
    expect((await importCsv(null, csv)).status).toBe(401);
  });

  it('the template downloads and imports as it is (for an administrator: its rows are the shared bank)', async () => {
    const template = await ctx.request({ url: P.questionTemplate, token: w.instructor.access });
    expect(template.status).toBe(200);
    expect(String(template.headers['content-disposition'])).toMatch(/question-bank-template\.csv/);
    const res = await importCsv(w.admin.access, template.raw);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ imported: 3 });
  });
});

/** A multipart body with one file in the field "file", as the screen's Import sends it. */
function multipart(filename: string, content: Buffer) {
  const boundary = `----import${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const importFile = (token: string, filename: string, content: Buffer) =>
  ctx.request({ method: 'POST', url: P.questionImport, token, ...multipart(filename, content) });

describe('importing questions from an Excel workbook (decision record 083)', () => {
  /** A real XLSX: the header, rows with numbers as numbers (as Excel keeps them), a blank row 4; row 5's kind given. */
  const workbook = (kind: string) =>
    writeXlsxFile(
      [
        ['program', 'topic', 'kind', 'text', 'option_a', 'option_b', 'answer', 'tolerance', 'marks', 'negative_marks'],
        [w.programId, 'Basel capital', 'single', 'What is the minimum CET1 ratio?', '5.5%', '8%', 'A', null, 1, 0.25],
        [w.programId, 'Working capital', 'numeric', 'Gap in ₹ lakh (xlsx)?', null, null, 300, 0.5, 2, 0],
        [],
        [w.programId, 'Basel capital', kind, 'Capital conservation buffer is 2.5%.', 'True', 'False', 'A', null, 1, 0],
      ],
      { sheet: 'Questions' },
    ).toBuffer();

  it('names the bad row and column and imports nothing; the corrected workbook imports every row', async () => {
    const before = await count();
    const bad = await importFile(w.instructor.access, 'bank.xlsx', await workbook('truefalse'));
    expect(bad.status).toBe(400);
    const body = bad.body as { detail: string; problems: ImportProblem[] };
    expect(body.detail).toMatch(/Nothing was imported: 1 problem/);
    expect(body.problems).toEqual([
      { row: 5, column: 'kind', problem: 'Kind must be one of: single, multiple, numeric, true_false.' },
    ]);
    expect(await count()).toBe(before);

    const good = await importFile(w.instructor.access, 'bank.xlsx', await workbook('true_false'));
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    expect(good.body).toEqual({ imported: 3 });
    const bank = (
      await ctx.request({ url: `${P.questions}?program=${w.programId}&search=xlsx`, token: w.instructor.access })
    ).body as Question[];
    expect(bank.map((q) => [q.kind, q.answer, q.marks])).toEqual([['numeric', { value: 300, tolerance: 0.5 }, 2]]);
  });

  it('the Excel template downloads and imports as it is; an old .xls or a broken workbook is refused in words', async () => {
    const template = await ctx.app.inject({
      url: P.questionTemplateXlsx,
      headers: { authorization: `Bearer ${w.instructor.access}` },
    });
    expect(template.statusCode).toBe(200);
    expect(String(template.headers['content-disposition'])).toMatch(/question-bank-template\.xlsx/);
    const res = await importFile(w.admin.access, 'template.xlsx', template.rawPayload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ imported: 3 });

    const xls = await importFile(w.admin.access, 'old.xls', Buffer.from('d0cf11e0a1b11ae1000000', 'hex'));
    expect(xls.status).toBe(415);
    expect((xls.body as { detail: string }).detail).toBe(ASSESSMENT_MESSAGES.importXls);
    const broken = await importFile(w.admin.access, 'broken.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(broken.status).toBe(400);
    expect((broken.body as { detail: string }).detail).toBe(ASSESSMENT_MESSAGES.importUnreadable);
  });
});
