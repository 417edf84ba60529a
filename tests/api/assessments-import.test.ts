import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_PATHS as P, type ImportProblem, type Question } from '../../contract/index.ts';
import { assessmentWorld, type AssessmentWorld } from './support/assessment-fixtures.ts';
import { createTestApp, type TestContext } from './support/harness.ts';

/** The question bank's CSV import (decision record 071): all rows or none, every bad row and column named. */
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
