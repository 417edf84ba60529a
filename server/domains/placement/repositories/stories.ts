import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { SuccessStoriesTable } from '../../../platform/db/schema.ts';
import { nowIso } from '../../../platform/lib/time.ts';
import { paymentTotalPaise } from '../../../../contract/money.ts';

/** Success stories with the offer they tell, its student, batch, program and employer (decision 079). */
function storyView(db: Db) {
  return db
    .selectFrom('success_stories as s')
    .leftJoin('placement_offers as o', 'o.id', 's.offer_id')
    .leftJoin('users as u', 'u.id', 'o.student_id')
    .leftJoin('batches as b', 'b.id', 'o.batch_id')
    .leftJoin('programs as p', 'p.id', 'b.course_id')
    .leftJoin('employers as e', 'e.id', 'o.employer_id')
    .selectAll('s')
    .select([
      'o.student_id',
      'o.status as offer_status',
      'o.offer_date',
      'o.annual_ctc',
      'o.designation as offer_designation',
      'u.first_name',
      'u.last_name',
      'b.name as batch_name',
      'b.starts_on as batch_starts_on',
      'b.ends_on as batch_ends_on',
      'b.course_id as program_id',
      'p.title as program_title',
      'p.duration_weeks',
      'e.name as employer_name',
    ]);
}
export type StoryRow = Awaited<ReturnType<ReturnType<typeof storyView>['executeTakeFirstOrThrow']>>;

export function storyRepository(db: Db) {
  return {
    /** Stories telling a verified offer (the only ones that may be published), optionally featured only. */
    onVerifiedOffers(featured?: boolean): Promise<StoryRow[]> {
      let q = storyView(db).where('o.status', '=', 'verified');
      if (featured !== undefined) q = q.where('s.is_featured', '=', featured ? 1 : 0);
      return q.orderBy('s.id', 'asc').execute();
    },
    all: (): Promise<StoryRow[]> => storyView(db).orderBy('s.id', 'asc').execute(),
    ofStudent: (studentId: number): Promise<StoryRow[]> =>
      storyView(db).where('o.student_id', '=', studentId).where('o.status', '=', 'verified').orderBy('s.id').execute(),
    byId: (id: number) => storyView(db).where('s.id', '=', id).executeTakeFirst(),
    /** What each student paid for each program (completed payments, in paise). */
    async feesPaise(pairs: { student: number; program: number }[]): Promise<Map<string, number>> {
      const students = [...new Set(pairs.map((p) => p.student))];
      if (students.length === 0) return new Map();
      const rows = await db
        .selectFrom('payments')
        .select(['student_id', 'course_id', 'amount', 'total_paise'])
        .where('student_id', 'in', students)
        .where('course_type', '=', 'program')
        .where('status', '=', 'completed')
        .execute();
      const fees = new Map<string, number>();
      for (const r of rows) {
        const key = `${r.student_id}|${r.course_id}`;
        fees.set(key, (fees.get(key) ?? 0) + paymentTotalPaise(r));
      }
      return fees;
    },
    /** The offer a story may tell: its status and what the story takes from it. */
    offer: (id: number) =>
      db
        .selectFrom('placement_offers as o')
        .innerJoin('employers as e', 'e.id', 'o.employer_id')
        .select(['o.id', 'o.status', 'o.designation', 'o.annual_ctc', 'e.name as employer_name'])
        .where('o.id', '=', id)
        .executeTakeFirst(),
    /** The newest change of any story or of a consent to one (the sitemap's /placement lastmod). */
    async newestChange(): Promise<string | undefined> {
      const story = await db
        .selectFrom('success_stories')
        .select((eb) => eb.fn.max('changed_at').as('at'))
        .executeTakeFirst();
      const consent = await db
        .selectFrom('consent_events')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('purpose', 'like', 'story:%')
        .executeTakeFirst();
      return [story?.at, consent?.at]
        .filter((v): v is string => typeof v === 'string' && v !== '')
        .sort()
        .pop();
    },
    create: (values: Omit<Insertable<SuccessStoriesTable>, 'created_at'>) =>
      db
        .insertInto('success_stories')
        .values({ ...values, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow(),
    update: (id: number, values: Updateable<SuccessStoriesTable>) =>
      db.updateTable('success_stories').set(values).where('id', '=', id).executeTakeFirst(),
  };
}
