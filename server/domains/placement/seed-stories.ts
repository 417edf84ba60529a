import { STORY_CONSENT_VERSION, STORY_ITEMS, storyConsentText, type StoryItem } from '../../../contract/stories.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createStoryService } from './stories.ts';

/**
 * The demo's success stories (decision record 079), each telling a verified offer of the demo's placement
 * record, with the student's consent given item by item after the offer date (recorded as the dashboard
 * records it: one consent event per item with the statement shown). One story is about the demo student
 * (a verified offer on the batch they study in), consented to in full, so a visitor can sign in as them,
 * change the items and withdraw. Runs after seedPlacementRecord.
 */

const STORIES: { employer: string; quote: string; items: StoryItem[]; featured: boolean }[] = [
  {
    employer: 'CRISIL',
    quote: 'A commerce graduate with no finance work experience, cleared the analyst interview in the first attempt.',
    items: ['name', 'photo', 'company', 'ctc'],
    featured: true,
  },
  {
    employer: 'ICICI Bank',
    quote: 'Used the capstone credit appraisal as the interview case study and joined the mid-corporate group.',
    items: ['name', 'company'],
    featured: true,
  },
  {
    employer: 'ICRA',
    quote: 'Moved from audit to ratings after the program and now covers the auto-components sector.',
    items: ['company', 'ctc'],
    featured: true,
  },
  {
    employer: 'Bajaj Finance',
    quote: 'Switched from operations to underwriting and now assesses secured business loans.',
    items: ['name', 'ctc'],
    featured: false,
  },
];

const DEMO_QUOTE =
  'The cash-flow and CMA sessions were what the interview panel asked about; the mock interviews made the difference.';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function consent(trx: Db, userId: number, storyId: number, items: StoryItem[], at: string) {
  // The statement the dashboard would have shown for this choice, word for word.
  const mine = await createStoryService(trx).mine({ id: userId } as UserRow);
  const preview = mine.find((m) => m.preview.id === storyId)!.preview;
  const choice = Object.fromEntries(STORY_ITEMS.map((item) => [item, items.includes(item)])) as Record<
    StoryItem,
    boolean
  >;
  await trx
    .insertInto('consent_events')
    .values(
      STORY_ITEMS.map((item) => ({
        user_id: userId,
        email: null,
        purpose: `story:${storyId}:${item}`,
        granted: items.includes(item) ? 1 : 0,
        notice_version: STORY_CONSENT_VERSION,
        source: 'dashboard',
        shown_text: storyConsentText(preview, choice),
        created_at: at,
      })),
    )
    .execute();
}

async function story(
  trx: Db,
  offer: { id: number; student_id: number; first_name: string; last_name: string; offer_date: string },
  quote: string,
  featured: boolean,
  items: StoryItem[],
) {
  const at = `${addDays(offer.offer_date, 1)}T06:30:00.000Z`;
  const { id } = await trx
    .insertInto('success_stories')
    .values({
      offer_id: offer.id,
      student_name: `${offer.first_name} ${offer.last_name}`,
      placement_company_name: '',
      designation: '',
      salary: '',
      story: quote,
      photo: '',
      is_featured: featured ? 1 : 0,
      created_at: at,
      changed_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Written consent a week after the offer (after selection, as the CCPA guidelines ask).
  await consent(trx, offer.student_id, id, items, `${addDays(offer.offer_date, 7)}T06:30:00.000Z`);
}

const verifiedOffers = (trx: Db) =>
  trx
    .selectFrom('placement_offers as o')
    .innerJoin('users as u', 'u.id', 'o.student_id')
    .innerJoin('employers as e', 'e.id', 'o.employer_id')
    .select(['o.id', 'o.student_id', 'o.offer_date', 'o.designation', 'u.first_name', 'u.last_name', 'e.name'])
    .where('o.status', '=', 'verified')
    .orderBy('o.id');

export async function seedSuccessStories(trx: Db, studentUsername: string): Promise<void> {
  const today = istToday();
  for (const s of STORIES) {
    const offer = await verifiedOffers(trx)
      .where('e.name', '=', s.employer)
      .where('o.offer_date', '<=', addDays(today, -8))
      .executeTakeFirst();
    if (offer) await story(trx, offer, s.quote, s.featured, s.items);
  }

  // The demo student's own story: a verified offer on the batch they study in, consented to in full.
  const student = await trx
    .selectFrom('enrollments as en')
    .innerJoin('users as u', 'u.id', 'en.student_id')
    .select(['u.id', 'en.batch_id'])
    .where('u.username', '=', studentUsername)
    .where('en.course_type', '=', 'program')
    .where('en.batch_id', 'is not', null)
    .orderBy('en.id')
    .executeTakeFirst();
  const employer = await trx.selectFrom('employers').select('id').where('name', '=', 'Axis Bank').executeTakeFirst();
  if (!student?.batch_id || !employer) return;
  const offerDate = addDays(today, -20);
  const verifiedAt = `${addDays(offerDate, 3)}T06:30:00.000Z`;
  await trx
    .insertInto('placement_offers')
    .values({
      student_id: student.id,
      batch_id: student.batch_id,
      employer_id: employer.id,
      designation: 'Credit Analyst, SME Banking',
      annual_ctc: 720_000,
      offer_date: offerDate,
      joining_date: addDays(today, 40),
      status: 'verified',
      verified_via: 'document',
      verified_at: verifiedAt,
      verified_by: null,
      decision_note: 'Offer letter on the employer’s letterhead checked against the HR email.',
      reported_by: student.id,
      created_at: `${offerDate}T06:30:00.000Z`,
      updated_at: verifiedAt,
    })
    .execute();
  const offer = await verifiedOffers(trx).where('o.student_id', '=', student.id).executeTakeFirstOrThrow();
  await story(trx, offer, DEMO_QUOTE, true, [...STORY_ITEMS]);
}
