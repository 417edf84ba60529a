import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../db/connect.ts';

/**
 * The demo's openings (decision record 078): two open openings for the programs the demo student studies,
 * each with the demo student's application (one shortlisted, one with an interview scheduled), so the
 * office's screens and the student's dashboard show the stages at once.
 */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedPlacementOpenings(trx: Db, studentUsername: string): Promise<void> {
  const student = await trx.selectFrom('users').select('id').where('username', '=', studentUsername).executeTakeFirst();
  if (!student) return;
  const programs = (
    await trx
      .selectFrom('enrollments')
      .select('course_id')
      .where('student_id', '=', student.id)
      .where('course_type', '=', 'program')
      .execute()
  ).map((e) => e.course_id);
  if (programs.length === 0) return;
  const employer = async (name: string) =>
    (await trx.selectFrom('employers').select('id').where('name', '=', name).executeTakeFirst())?.id;
  const today = istToday();
  const now = new Date().toISOString();
  const openings = [
    {
      employer: await employer('HDFC Bank'),
      title: 'Credit Analyst, SME Banking',
      location: 'Mumbai',
      ctc: [550_000, 750_000],
      deadline: addDays(today, 14),
      description: 'Appraise working-capital and term-loan proposals of small and medium businesses.',
      stage: 'shortlisted' as const,
      interview: null,
    },
    {
      employer: await employer('CRISIL'),
      title: 'Junior Rating Analyst',
      location: 'Pune',
      ctc: [600_000, 800_000],
      deadline: addDays(today, 21),
      description: 'Support rating committees with financial spreading, peer comparison and rating notes.',
      stage: 'interview_scheduled' as const,
      interview: `${addDays(today, 5)}T11:00:00+05:30`,
    },
  ];
  for (const o of openings) {
    if (!o.employer) continue;
    const { id } = await trx
      .insertInto('placement_openings')
      .values({
        employer_id: o.employer,
        title: o.title,
        location: o.location,
        ctc_min: o.ctc[0]!,
        ctc_max: o.ctc[1]!,
        programs: JSON.stringify(programs),
        batches: '[]',
        description: o.description,
        deadline: o.deadline,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('placement_applications')
      .values({
        opening_id: id,
        student_id: student.id,
        stage: o.stage,
        interview_at: o.interview,
        interview_mode: o.interview ? 'online' : null,
        cover_note: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
