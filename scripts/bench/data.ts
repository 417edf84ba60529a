import type { CourseType, FailureReason, PaymentMethod, Status } from '../../contract/index.ts';
import { openDatabase, type Db } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { seedDemo } from '../../server/platform/db/seed.ts';
import { hashPassword } from '../../server/platform/lib/passwords.ts';

/** A benchmark's data: the demo content plus `rows` payments and as many enrollments, in batches. */

const BATCH = 500;

async function bulkLoad(db: Db, rows: number): Promise<void> {
  const passwordHash = await hashPassword('bench-student');
  const students = Math.max(100, Math.ceil(rows / 10));
  const now = Date.now();
  const iso = (i: number) => new Date(now - (rows - i) * 60_000).toISOString();
  for (let start = 0; start < students; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, students - start) }, (_, k) => {
      const i = start + k;
      return {
        username: `bench${i}`,
        email: `bench${i}@example.in`,
        first_name: 'Bench',
        last_name: `Student ${i}`,
        password_hash: passwordHash,
        role: 'student' as const,
        created_at: iso(0),
      };
    });
    await db.insertInto('users').values(values).execute();
  }
  const firstStudent = (
    await db.selectFrom('users').select('id').where('username', '=', 'bench0').executeTakeFirstOrThrow()
  ).id;
  const programs = (await db.selectFrom('programs').select('id').execute()).map((r) => ({
    type: 'program' as CourseType,
    id: r.id,
  }));
  const workshops = (await db.selectFrom('workshops').select('id').execute()).map((r) => ({
    type: 'workshop' as CourseType,
    id: r.id,
  }));
  const courses = [...programs, ...workshops];
  if (students * courses.length < rows) throw new Error('not enough student/course pairs for unique enrollments');
  const statuses: Status[] = [
    'completed',
    'completed',
    'completed',
    'pending',
    'failed',
    'active',
    'cancelled',
    'on_hold',
  ];
  const methods: PaymentMethod[] = ['credit_card', 'debit_card', 'upi'];
  const reasons: FailureReason[] = ['card_declined', 'bank_timeout', 'insufficient_funds'];
  // Pair i: student i % students, course floor(i / students): unique per (student, course).
  const pair = (i: number) => ({
    student: firstStudent + (i % students),
    course: courses[Math.floor(i / students) % courses.length]!,
  });

  for (let start = 0; start < rows; start += BATCH) {
    const count = Math.min(BATCH, rows - start);
    const payments = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const { student, course } = pair(i);
      const status = statuses[i % statuses.length]!;
      return {
        student_id: student,
        course_type: course.type,
        course_id: course.id,
        status,
        amount: 45_000 + (i % 10) * 10_000,
        payment_method: methods[i % 3]!,
        billing_first_name: null,
        billing_last_name: null,
        billing_email: null,
        billing_phone: null,
        failure_reason: status === 'failed' ? reasons[i % 3]! : null,
        admin_notes: '',
        is_urgent: i % 50 === 0 ? 1 : 0,
        created_at: iso(i),
        completed_at: status === 'completed' ? iso(i) : null,
        updated_at: iso(i),
      };
    });
    await db.insertInto('payments').values(payments).execute();
    const enrollments = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      const { student, course } = pair(i);
      const status = statuses[(i + 3) % statuses.length]!;
      return {
        student_id: student,
        course_type: course.type,
        course_id: course.id,
        status,
        is_active: status === 'active' || status === 'completed' ? 1 : 0,
        progress_percentage: i % 101,
        issue_description: '',
        admin_notes: '',
        is_urgent: i % 70 === 0 ? 1 : 0,
        enrolled_at: iso(i),
        updated_at: iso(i),
      };
    });
    await db.insertInto('enrollments').values(enrollments).execute();
  }
}

export async function prepare(url: string, rows: number, dialect: string): Promise<void> {
  const handle = openDatabase(url);
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  const started = Date.now();
  await bulkLoad(handle.db, rows);
  if (dialect === 'postgres') {
    const { sql } = await import('kysely');
    await sql`ANALYZE`.execute(handle.db);
  }
  await handle.close();
  console.error(
    `  ${dialect}: loaded ${rows.toLocaleString('en-IN')} payments + enrollments in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
