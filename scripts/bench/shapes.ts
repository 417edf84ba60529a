/**
 * The data shapes `scripts/seed-million.ts` can load (decision record 075): where the students, payments,
 * enrollments and counseling requests fall. Each is set-based SQL run inside PostgreSQL; `$1` is the number
 * of payments, `$2` the students' password hash. The statements leave three temporary tables the loader
 * reads: `bench_students (n, id)`, `bench_courses (n, kind, id)` (programs first), and `bench_rows` /
 * `bench_enrolment_rows (i, student_id, course_type, course_id, at, st)`.
 *
 * - `default`: the shape the benchmark always had. Students `student<N>`; payment i is student i mod S and
 *   course ⌊i / S⌋ mod C, one a minute up to now, statuses cycling over eight.
 * - `steady`: 100,000 students (at a million payments) whose names all share the word "Kumar", with
 *   e-mail addresses at one domain; one payment about a minute for exactly two years; statuses cycling over
 *   six; each course's payments in one long block (programs the older blocks, workshops the newer), the
 *   students spread through each block; 10,000 leads at one e-mail domain whose names share "Kumar".
 * - `burst`: 90 % of the payments in one 30-day month, all of them for one program, the rest spread over
 *   the year before and the months after, other courses; 90 % of the enrollments in that month too (each
 *   student enrolls once per course, so the enrollments cannot all be one course's); 90 % of the leads
 *   imported on one day.
 */

export const SHAPES = ['default', 'steady', 'burst'] as const;
export type Shape = (typeof SHAPES)[number];

const FIRST = ['Aarav', 'Ananya', 'Vivaan', 'Diya', 'Aditya', 'Isha', 'Kabir', 'Meera', 'Rohan', 'Priya'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Patel', 'Rao', 'Das', 'Kulkarni', 'Joshi'];
const array = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;
const first = (n: string) => `(${array(FIRST)})[1 + ${n} % ${FIRST.length}]`;
const last = (n: string) => `(${array(LAST)})[1 + (${n} / ${FIRST.length}) % ${LAST.length}]`;
const iso = (at: string) => `to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const cycle = (values: readonly string[], i = 'i') => `(${array(values)})[1 + ${i} % ${values.length}]`;
const STUDENTS = `greatest($1::int / 10, 100)`;

/** The search terms the benchmark asks each shape: one student's, and a word every student has. */
export const SEARCH_TERMS: Record<Shape, { rare: string; common: string }> = {
  default: { rare: 'student48213', common: 'student' },
  steady: { rare: 'learner48213', common: 'kumar' },
  burst: { rare: 'student48213', common: 'student' },
};

function students(shape: Shape): string {
  const name =
    shape === 'steady'
      ? `'learner' || n, 'learner' || n || '@mail.example', ${first('n')}, 'Kumar ' || ${last('n')}`
      : `'student' || n, 'student' || n || '@example.in', ${first('n')}, ${last('n')}`;
  return `INSERT INTO users (username, email, first_name, last_name, password_hash, role, created_at, is_active)
     SELECT ${name}, $2, 'student', ${iso(`now() - interval '3 years'`)}, 1
     FROM generate_series(0, ${STUDENTS} - 1) n`;
}

const PAYMENT_CYCLE = [
  'completed',
  'completed',
  'completed',
  'cancelled',
  'failed',
  'completed',
  'cancelled',
  'on_hold',
];
const ENROLMENT_CYCLE = ['pending', 'failed', 'active', 'cancelled', 'on_hold', 'completed', 'completed', 'completed'];
const STEADY_PAYMENTS = ['completed', 'failed', 'cancelled', 'completed', 'on_hold', 'completed'];
const STEADY_ENROLMENTS = ['active', 'completed', 'pending', 'cancelled', 'failed', 'on_hold'];

/** Payment rows (`bench_rows`) of a shape. Every (student, course) pair is used once except in the burst. */
function paymentRows(shape: Shape): string {
  const S = '(SELECT count(*) FROM bench_students)';
  const C = '(SELECT count(*) FROM bench_courses)';
  const head = `CREATE TEMP TABLE bench_rows AS SELECT i, s.id AS student_id, c.kind AS course_type, c.id AS course_id,`;
  if (shape === 'default')
    return `${head} ${iso(`now() - make_interval(mins => $1::int - i)`)} AS at, ${cycle(PAYMENT_CYCLE)} AS st
       FROM generate_series(0, $1::int - 1) i
       JOIN bench_students s ON s.n = i % ${S}
       JOIN bench_courses c ON c.n = (i / ${S}) % ${C}`;
  if (shape === 'steady')
    // Course blocks of ⌈N / C⌉ ≤ S rows; i·7919 mod S is then a different student for each row of a block.
    return `${head} ${iso(`now() - make_interval(secs => ($1::int - i) * 63072000.0 / $1::int)`)} AS at,
            ${cycle(STEADY_PAYMENTS)} AS st
       FROM generate_series(0, $1::int - 1) i
       JOIN bench_students s ON s.n = (i::bigint * 7919) % ${S}
       JOIN bench_courses c ON c.n = i / ((($1::int + ${C} - 1) / ${C}))`;
  // burst: rows [5 %, 95 %) fall in the 30 days that end 150 days ago, all for course 0 (a program); the 5 %
  // before spread over the year before it and the 5 % after over the 150 days since, the other courses.
  return `${head}
          ${iso(`CASE WHEN i < $1::int / 20 THEN now() - interval '180 days' - make_interval(secs => ($1::int / 20 - i) * 31536000.0 / ($1::int / 20))
                      WHEN i < $1::int - $1::int / 20 THEN now() - interval '180 days' + make_interval(secs => (i - $1::int / 20) * 2592000.0 / ($1::int - $1::int / 10))
                      ELSE now() - make_interval(secs => ($1::int - i) * 12960000.0 / ($1::int / 20)) END`)} AS at,
          ${cycle(PAYMENT_CYCLE)} AS st
       FROM generate_series(0, $1::int - 1) i
       JOIN bench_students s ON s.n = i % ${S}
       JOIN bench_courses c ON c.n = CASE WHEN i >= $1::int / 20 AND i < $1::int - $1::int / 20 THEN 0 ELSE 1 + i % (${C} - 1) END`;
}

/** Enrollment rows (`bench_enrolment_rows`): one per (student, course) in every shape. */
function enrolmentRows(shape: Shape): string {
  const head = `CREATE TEMP TABLE bench_enrolment_rows AS SELECT i, student_id, course_type, course_id, at,`;
  if (shape === 'default') return `${head} ${cycle(ENROLMENT_CYCLE)} AS st FROM bench_rows`;
  if (shape === 'steady') return `${head} ${cycle(STEADY_ENROLMENTS)} AS st FROM bench_rows`;
  const S = '(SELECT count(*) FROM bench_students)';
  const C = '(SELECT count(*) FROM bench_courses)';
  return `CREATE TEMP TABLE bench_enrolment_rows AS
     SELECT i, s.id AS student_id, c.kind AS course_type, c.id AS course_id, r.at, ${cycle(ENROLMENT_CYCLE)} AS st
     FROM bench_rows r
     JOIN bench_students s ON s.n = i % ${S}
     JOIN bench_courses c ON c.n = (i / ${S}) % ${C}`;
}

function counseling(shape: Shape): string {
  const name =
    shape === 'steady' ? `${first('n')} || ' Kumar ' || ${last('n')}` : `${first('n')} || ' ' || ${last('n')}`;
  const email = shape === 'default' ? `'lead' || n || '@example.in'` : `'lead' || n || '@leads.example'`;
  const at =
    shape === 'burst'
      ? `CASE WHEN n < 9000 THEN now() - interval '20 days' - make_interval(secs => n) ELSE now() - make_interval(mins => (n - 9000) * 900) END`
      : `now() - make_interval(mins => n * 90)`;
  return `INSERT INTO counseling_requests (name, email, phone, preferred_date, interest, message, created_at, status)
     SELECT ${name}, ${email}, '98' || lpad((n % 100000000)::text, 8, '0'), NULL, 'Credit Analyst', '',
            ${iso(at)}, (ARRAY['new','contacted','scheduled','converted','closed'])[1 + n % 5]
     FROM generate_series(0, 9999) n`;
}

/** The shape's load, in order (triggers paused by the caller). */
export function shapeStatements(shape: Shape): string[] {
  return [
    students(shape),
    `CREATE TEMP TABLE bench_students AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM users
       WHERE role = 'student' AND username ~ '^(student|learner)[0-9]+$'`,
    `CREATE TEMP TABLE bench_courses AS
       SELECT row_number() OVER (ORDER BY kind, id) - 1 AS n, kind, id FROM (
         SELECT 'program' AS kind, id FROM programs UNION ALL SELECT 'workshop', id FROM workshops) c`,
    paymentRows(shape),
    enrolmentRows(shape),
    counseling(shape),
  ];
}

/** `BENCH_SHAPES` (comma list; default all three) or `--shape=a,b` on the command line. */
export function chosenShapes(argv = process.argv, env = process.env.BENCH_SHAPES): Shape[] {
  const flag = argv.find((a) => a.startsWith('--shape='))?.slice('--shape='.length);
  const asked = (flag ?? env ?? SHAPES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = asked.filter((s) => !(SHAPES as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`Unknown data shape ${unknown.join(', ')}: use ${SHAPES.join(', ')}.`);
  return asked as Shape[];
}
