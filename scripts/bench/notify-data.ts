import { sql } from 'kysely';
import { createTokenService } from '../../server/domains/accounts/tokens.ts';
import { openDatabase, type Db } from '../../server/platform/db/connect.ts';
import { migrateToLatest } from '../../server/platform/db/migrate.ts';
import { seedDemo } from '../../server/platform/db/seed.ts';
import { hashPassword } from '../../server/platform/lib/passwords.ts';
import { SECRET } from './config.ts';

/**
 * `npm run bench:notify`'s data (scripts/bench-notify.ts): the demo content, a batch of `students` active
 * students with its instructor, each student in one group by how their batch announcements reach them:
 *  - `whatsapp`: opted in to WhatsApp (with the number), announcements by WhatsApp only;
 *  - `sms`: a number, announcements by SMS only (no WhatsApp opt-in);
 *  - `whatsapp_fails`: as `whatsapp`, the sandbox reports their WhatsApp failed: the SMS fallback follows;
 *  - `both_fail`: as `whatsapp`, the sandbox fails their WhatsApp and SMS: SMS, then the email fallback;
 *  - `in_app`: no number, every channel off: the notification in the app only, nothing to a provider.
 * Email is off for every student (it is not what the bench measures), so the only emails are fallbacks.
 * The instructor's access token is minted as a login mints it, signed with the server's secret.
 */
export const GROUPS = ['whatsapp', 'sms', 'whatsapp_fails', 'both_fail', 'in_app'] as const;
export type Group = (typeof GROUPS)[number];
/** The share of each group but `whatsapp` (which has the rest). */
const SHARES: Record<Exclude<Group, 'whatsapp'>, number> = {
  sms: 0.1,
  whatsapp_fails: 0.04,
  both_fail: 0.01,
  in_app: 0.02,
};
export type Student = { id: number; phone: string | null; group: Group };
export type NotifyData = { batchId: number; token: string; students: Student[] };

const ROWS = 500;
const groupOf = (i: number, count: number): Group => {
  let edge = 0;
  for (const [group, share] of Object.entries(SHARES) as [Group, number][]) {
    edge += Math.round(share * count);
    if (i < edge) return group;
  }
  return 'whatsapp';
};

async function insertAll<T>(db: Db, table: 'users' | 'enrollments' | 'notification_settings', rows: T[]) {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS) {
    const slice = rows.slice(start, start + ROWS) as never[];
    if (table === 'users')
      ids.push(...(await db.insertInto('users').values(slice).returning('id').execute()).map((r) => r.id));
    else await db.insertInto(table).values(slice).execute();
  }
  return ids;
}

async function insertStudents(db: Db, count: number, program: number, batch: number): Promise<Student[]> {
  const hash = await hashPassword('bench-student');
  const at = new Date().toISOString();
  const groups = Array.from({ length: count }, (_, i) => groupOf(i, count));
  // Ten digits starting 7, distinct per student (the account's number, users.phone; decision record 084).
  const phones = groups.map((g, i) => (g === 'in_app' ? null : `7${String(100_000_000 + i).padStart(9, '0')}`));
  const ids = await insertAll(
    db,
    'users',
    groups.map((_g, i) => ({
      username: `notify${i}`,
      email: `notify${i}@example.in`,
      first_name: 'Notify',
      last_name: `Student ${i}`,
      password_hash: hash,
      role: 'student' as const,
      created_at: at,
      phone: phones[i],
    })),
  );
  await insertAll(
    db,
    'enrollments',
    ids.map((student) => ({
      student_id: student,
      course_type: 'program' as const,
      course_id: program,
      status: 'active' as const,
      is_active: 1 as const,
      progress_percentage: 0,
      issue_description: '',
      admin_notes: '',
      is_urgent: 0 as const,
      enrolled_at: at,
      updated_at: at,
      batch_id: batch,
    })),
  );
  const whatsapp = (g: Group) => g === 'whatsapp' || g === 'whatsapp_fails' || g === 'both_fail';
  await insertAll(
    db,
    'notification_settings',
    ids.map((user_id, i) => ({
      user_id,
      whatsapp_opt_in: whatsapp(groups[i]!) ? 1 : 0,
      sms_stopped: 0,
      updated_at: at,
    })),
  );
  const choices = ids.flatMap((user_id, i) => {
    const g = groups[i]!;
    return [
      { user_id, kind: 'announcements', channel: 'email', enabled: 0 },
      { user_id, kind: 'announcements', channel: 'whatsapp', enabled: whatsapp(g) ? 1 : 0 },
      { user_id, kind: 'announcements', channel: 'sms', enabled: g === 'sms' ? 1 : 0 },
    ];
  });
  for (let start = 0; start < choices.length; start += ROWS) {
    await db
      .insertInto('notification_preferences')
      .values(choices.slice(start, start + ROWS))
      .execute();
  }
  return ids.map((id, i) => ({ id, phone: phones[i] ? `91${phones[i]}` : null, group: groups[i]! }));
}

/** Migrates and fills a fresh database; answers the batch, the instructor's token and the students. */
export async function prepareNotify(url: string, students: number): Promise<NotifyData> {
  const handle = openDatabase(url);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    await seedDemo(db);
    const program = (await db.selectFrom('programs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const at = new Date().toISOString();
    const [instructor] = await insertAll(db, 'users', [
      {
        username: 'notify-instructor',
        email: 'notify-instructor@example.in',
        first_name: 'Bench',
        last_name: 'Instructor',
        password_hash: await hashPassword('bench-instructor'),
        role: 'instructor' as const,
        created_at: at,
      },
    ]);
    const batch = await db
      .insertInto('batches')
      .values({
        course_id: program,
        name: 'Bench notify batch',
        starts_on: at.slice(0, 10),
        ends_on: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
        seats: students,
        mode: 'online',
        location: '',
        instructor_id: instructor!,
        is_open: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await insertStudents(db, students, program, batch.id);
    if (handle.dialect === 'postgres') await sql`ANALYZE`.execute(db);
    const minter = createTokenService(db, SECRET, { accessSeconds: 4 * 3600, refreshSeconds: 86_400 });
    const { access } = await minter.issuePair(instructor!);
    return { batchId: batch.id, token: access, students: list };
  } finally {
    await handle.close();
  }
}
