import type { Db } from '../../../server/platform/db/connect.ts';
import type { Shape } from '../../../scripts/bench/shapes.ts';

/**
 * The benchmark's data shapes (scripts/bench/shapes.ts) at a size a test can hold, written row by row
 * through the database's triggers (so the kept totals are the triggers' own): the same layout as the
 * set-based SQL the benchmark loads a million rows with.
 */

export type Course = { course_type: 'program' | 'workshop'; course_id: number };
const DAY = 86_400_000;
const FIRST = ['Aarav', 'Ananya', 'Vivaan', 'Diya', 'Aditya', 'Isha', 'Kabir', 'Meera', 'Rohan', 'Priya'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Menon', 'Patel', 'Rao', 'Das', 'Kulkarni', 'Joshi'];
const PAYMENTS = ['completed', 'completed', 'completed', 'cancelled', 'failed', 'completed', 'cancelled', 'on_hold'];
const ENROLMENTS = ['pending', 'failed', 'active', 'cancelled', 'on_hold', 'completed', 'completed', 'completed'];
const STEADY_PAYMENTS = ['completed', 'failed', 'cancelled', 'completed', 'on_hold', 'completed'];
const STEADY_ENROLMENTS = ['active', 'completed', 'pending', 'cancelled', 'failed', 'on_hold'];

async function students(db: Db, shape: Shape, count: number): Promise<number[]> {
  const prefix = shape === 'steady' ? 'learner' : 'student';
  const domain = shape === 'steady' ? 'mail.example' : 'example.in';
  const rows = Array.from({ length: count }, (_, n) => ({
    username: `${prefix}${n}`,
    email: `${prefix}${n}@${domain}`,
    first_name: FIRST[n % FIRST.length]!,
    last_name: `${shape === 'steady' ? 'Kumar ' : ''}${LAST[Math.floor(n / FIRST.length) % LAST.length]!}`,
    password_hash: 'x',
    role: 'student' as const,
    created_at: '2023-01-01T00:00:00.000Z',
  }));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 200)
    ids.push(
      ...(
        await db
          .insertInto('users')
          .values(rows.slice(start, start + 200))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  return ids;
}

/** Where payment `i` of `n` falls: its student, course, time (ms before `now`) and status, by shape. */
function placement(shape: Shape, i: number, n: number, s: number, c: number) {
  if (shape === 'default')
    return { student: i % s, course: Math.floor(i / s) % c, ago: (n - i) * 60_000, status: PAYMENTS[i % 8]! };
  if (shape === 'steady') {
    const block = Math.ceil(n / c);
    return {
      student: (i * 7919) % s,
      course: Math.floor(i / block),
      ago: ((n - i) * 730 * DAY) / n,
      status: STEADY_PAYMENTS[i % 6]!,
    };
  }
  const edge = Math.floor(n / 20);
  const burst = i >= edge && i < n - edge;
  const ago = burst
    ? 180 * DAY - ((i - edge) * 30 * DAY) / (n - 2 * edge)
    : i < edge
      ? 180 * DAY + ((edge - i) * 365 * DAY) / edge
      : ((n - i) * 150 * DAY) / edge;
  return { student: i % s, course: burst ? 0 : 1 + (i % (c - 1)), ago, status: PAYMENTS[i % 8]! };
}

/** Loads `n` payments and as many enrollments in `shape` for `courses` (programs first); `now` anchors them. */
export async function loadShape(db: Db, shape: Shape, n: number, courses: Course[], now: number) {
  const s = Math.max(Math.floor(n / 10), 100);
  const ids = await students(db, shape, s);
  const at = (ago: number) => new Date(now - ago).toISOString();
  const payments = Array.from({ length: n }, (_, i) => {
    const p = placement(shape, i, n, s, courses.length);
    return {
      student_id: ids[p.student]!,
      ...courses[p.course]!,
      status: p.status as 'completed',
      amount: 45000 + (i % 10) * 10000,
      payment_method: 'upi' as const,
      admin_notes: '',
      is_urgent: i % 50 === 0 ? 1 : 0,
      created_at: at(p.ago),
      completed_at: p.status === 'completed' ? at(p.ago) : null,
      updated_at: at(p.ago),
    };
  });
  // Enrollments: one per student and course (the table's rule); the burst's follow the default's courses.
  const enrollments = payments.map((p, i) => {
    const cycle = shape === 'steady' ? STEADY_ENROLMENTS : ENROLMENTS;
    const pair = shape === 'burst' ? { student_id: ids[i % s]!, ...courses[Math.floor(i / s) % courses.length]! } : p;
    return {
      student_id: pair.student_id,
      course_type: pair.course_type,
      course_id: pair.course_id,
      status: cycle[i % cycle.length] as 'active',
      is_active: 1,
      progress_percentage: i % 101,
      issue_description: '',
      admin_notes: '',
      is_urgent: i % 70 === 0 ? 1 : 0,
      enrolled_at: p.created_at,
      updated_at: p.created_at,
    };
  });
  for (let start = 0; start < n; start += 200) {
    await db
      .insertInto('payments')
      .values(payments.slice(start, start + 200))
      .execute();
    await db
      .insertInto('enrollments')
      .values(enrollments.slice(start, start + 200))
      .execute();
  }
}
