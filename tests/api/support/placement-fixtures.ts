import type { Status } from '../../../contract/index.ts';
import type { Db } from '../../../server/platform/db/connect.ts';
import type { TestContext } from './harness.ts';

/** Direct fixtures for the placement record (decision record 070): batches, graduates and their offers. */

export async function placementBatch(db: Db, programId: number, name: string, endsOn: string): Promise<number> {
  const now = new Date().toISOString();
  const startsOn = new Date(Date.parse(`${endsOn}T00:00:00Z`) - 120 * 86_400_000).toISOString().slice(0, 10);
  const row = await db
    .insertInto('batches')
    .values({
      course_id: programId,
      name,
      starts_on: startsOn,
      ends_on: endsOn,
      seats: 500,
      mode: 'online',
      location: '',
      instructor_id: null,
      is_open: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let serial = 0;

/** Enrolls students in the batch: the given users, or `count` new ones. Answers their ids. */
export async function placementStudents(
  db: Db,
  batchId: number,
  who: number[] | number,
  options: { status: Status; optedOut?: boolean },
): Promise<number[]> {
  const batch = await db.selectFrom('batches').select('course_id').where('id', '=', batchId).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const ids: number[] = [];
  if (typeof who === 'number') {
    for (let i = 0; i < who; i++) {
      serial += 1;
      const row = await db
        .insertInto('users')
        .values({
          username: `graduate${serial}_${batchId}`,
          email: `graduate${serial}_${batchId}@example.in`,
          first_name: 'Graduate',
          last_name: String(serial),
          password_hash: 'not-a-real-hash',
          role: 'student',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  } else ids.push(...who);
  for (const id of ids) {
    await db
      .insertInto('enrollments')
      .values({
        student_id: id,
        course_type: 'program',
        course_id: batch.course_id,
        status: options.status,
        is_active: options.status === 'completed' || options.status === 'active' ? 1 : 0,
        progress_percentage: 100,
        issue_description: '',
        admin_notes: '',
        is_urgent: 0,
        enrolled_at: now,
        updated_at: now,
        batch_id: batchId,
        placement_opt_out: options.optedOut ? 1 : 0,
      })
      .execute();
  }
  return ids;
}

export async function placementOffer(
  db: Db,
  o: { student: number; batch: number; employer: number; ctc: number; status: 'claimed' | 'verified' | 'rejected' },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('placement_offers')
    .values({
      student_id: o.student,
      batch_id: o.batch,
      employer_id: o.employer,
      designation: 'Credit Analyst',
      annual_ctc: o.ctc,
      offer_date: now.slice(0, 10),
      joining_date: null,
      status: o.status,
      verified_via: o.status === 'verified' ? 'document' : null,
      verified_at: o.status === 'verified' ? now : null,
      verified_by: null,
      reported_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The smallest file the server reads as a PDF (by its bytes), and one that is not (a PNG's signature). */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
export const NOT_PDF = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A placement form sent as multipart: its text fields and at most one file, as the dashboard's forms send them. */
export async function sendForm(
  ctx: TestContext,
  o: {
    method?: 'POST' | 'PUT';
    url: string;
    token?: string;
    fields?: Record<string, string | number>;
    file?: { field: string; name: string; content: Buffer };
  },
): Promise<{ status: number; body: unknown }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(o.fields ?? {})) form.append(name, String(value));
  if (o.file) form.append(o.file.field, new Blob([new Uint8Array(o.file.content)]), o.file.name);
  const res = await ctx.app.inject({
    method: o.method ?? 'POST',
    url: o.url,
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    payload: form,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
}
