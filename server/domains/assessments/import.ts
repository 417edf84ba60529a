import type { z } from 'zod';
import { QuestionInput, type ImportProblem } from '../../../contract/assessments.ts';

/**
 * The question bank's import layout (docs/api.md), the same in a CSV and in an XLSX's first sheet (xlsx.ts):
 * one question per row, a header row naming the columns.
 * Every row is checked and every problem named (row number as a spreadsheet shows it, the header being
 * row 1; the column; what is wrong); the caller imports all rows or none.
 */

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;
export const IMPORT_COLUMNS = [
  'program',
  'topic',
  'kind',
  'text',
  'text_hi',
  ...LETTERS.flatMap((l) => [`option_${l}`, `option_${l}_hi`]),
  'answer',
  'tolerance',
  'explanation',
  'marks',
  'negative_marks',
  'difficulty',
] as const;
const REQUIRED = ['topic', 'kind', 'text', 'answer'];

/** The downloadable template: the header and three example rows. */
export const IMPORT_TEMPLATE =
  [
    IMPORT_COLUMNS.join(','),
    ',Ratio analysis,single,"A current ratio of 1.33 is the minimum usually expected under the second method of lending. What does it follow from?",,25% of current assets from long-term funds,,Tandon Committee norms,,Cash credit only,,,,,,,,A,,"The second method: the borrower brings 25% of total current assets from long-term sources, so CA/CL = 1/0.75 = 1.33.",1,0.25,medium',
    ',NPA norms,true_false,"A term loan is classified as NPA when interest or instalment remains overdue for more than 90 days.","सावधि ऋण पर ब्याज या किस्त 90 दिन से अधिक अतिदेय रहने पर वह एनपीए हो जाता है।",True,सही,False,गलत,,,,,,,,,A,,RBI Master Circular on IRAC norms.,1,0,easy',
    ',Working capital,numeric,"Current assets are ₹400 lakh and current liabilities other than bank borrowings ₹100 lakh. What is the working-capital gap in ₹ lakh?",,,,,,,,,,,,,,300,0,Working-capital gap = current assets − current liabilities other than bank borrowings.,2,0,easy',
  ].join('\r\n') + '\r\n';

/** RFC 4180: quoted fields with "" for a quote, commas and line breaks inside quotes. Blank rows are kept (a row's number counts them). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const blank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

const number = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));

/** A row of cells to the question's fields (what QuestionInput then checks). */
function toInput(cells: Record<string, string>) {
  const kind = cells.kind?.trim().toLowerCase() ?? '';
  let options = LETTERS.flatMap((l) => {
    const text = cells[`option_${l}`]?.trim() ?? '';
    const hi = cells[`option_${l}_hi`]?.trim() ?? '';
    return text ? [{ id: l.toUpperCase(), text, ...(hi ? { text_hi: hi } : {}) }] : [];
  });
  if (kind === 'true_false' && options.length === 0) {
    options = [
      { id: 'A', text: 'True' },
      { id: 'B', text: 'False' },
    ];
  }
  const raw = cells.answer?.trim() ?? '';
  const answer =
    kind === 'numeric'
      ? { value: raw === '' ? NaN : Number(raw), tolerance: number(cells.tolerance ?? '') ?? 0 }
      : raw
          .split(/[;|\s]+/)
          .filter(Boolean)
          .map((a) => a.toUpperCase());
  return {
    program: cells.program?.trim() ? Number(cells.program.trim()) : null,
    topic: cells.topic ?? '',
    kind,
    text: cells.text ?? '',
    text_hi: cells.text_hi?.trim() || null,
    options,
    answer,
    explanation: cells.explanation ?? '',
    marks: number(cells.marks ?? ''),
    negative_marks: number(cells.negative_marks ?? ''),
    difficulty: cells.difficulty?.trim() ? cells.difficulty.trim().toLowerCase() : undefined,
  };
}

/** The column a problem belongs to, by the field's path. */
function columnOf(path: PropertyKey[]): string {
  const [field, index] = path;
  if (field === 'options' && typeof index === 'number') return `option_${LETTERS[index] ?? 'a'}`;
  if (field === 'options') return 'option_a';
  if (field === 'answer' && index === 'tolerance') return 'tolerance';
  return String(field ?? 'row');
}

/** Plain words for the checks whose own message is zod's generic one. */
const PLAIN: Record<string, string> = {
  answer: 'Give the correct option letters (such as A, or A;C for several), or a number for a numeric question.',
  program: 'Give the program’s id, or leave it empty for the shared bank.',
};

export type ParsedImport = { questions: z.output<typeof QuestionInput>[]; problems: ImportProblem[] };

export const parseQuestionCsv = (text: string): ParsedImport => parseQuestionRows(parseCsv(text));

/**
 * The rows of a sheet (cells as text; row i is the spreadsheet's row i + 1, blank rows included) to the
 * questions, or every problem. Blank rows before the header and between questions are skipped.
 */
export function parseQuestionRows(rows: string[][]): ParsedImport {
  const first = rows.findIndex((r) => !blank(r));
  const header = first < 0 ? undefined : rows[first];
  const body = rows.slice(first + 1);
  const problems: ImportProblem[] = [];
  if (!header)
    return {
      questions: [],
      problems: [{ row: 1, column: 'row', problem: 'The file is empty: start from the template.' }],
    };
  const names = header.map((h) => h.trim().toLowerCase());
  names.forEach((n, i) => {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(n)) {
      problems.push({
        row: first + 1,
        column: n || `column ${i + 1}`,
        problem: 'Unknown column: use the template’s header.',
      });
    }
  });
  for (const r of REQUIRED) {
    if (!names.includes(r))
      problems.push({ row: first + 1, column: r, problem: 'This column is missing from the header.' });
  }
  if (problems.length) return { questions: [], problems };
  if (body.every(blank))
    return { questions: [], problems: [{ row: first + 2, column: 'row', problem: 'The file has no question rows.' }] };
  const questions: z.output<typeof QuestionInput>[] = [];
  body.forEach((cells, i) => {
    const row = first + i + 2;
    if (blank(cells)) return;
    if (cells.slice(names.length).some((cell) => cell.trim() !== '')) {
      problems.push({
        row,
        column: 'row',
        problem: `The row has ${cells.length} cells; the header has ${names.length}.`,
      });
      return;
    }
    const parsed = QuestionInput.safeParse(toInput(Object.fromEntries(names.map((n, j) => [n, cells[j] ?? '']))));
    if (parsed.success) questions.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const column = columnOf(issue.path);
        problems.push({
          row,
          column,
          problem: PLAIN[column] && /^Invalid/.test(issue.message) ? PLAIN[column] : issue.message,
        });
      }
    }
  });
  return { questions, problems };
}
