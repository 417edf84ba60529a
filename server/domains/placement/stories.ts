import {
  STORY_CONSENT_VERSION,
  STORY_ITEMS,
  STORY_MESSAGES,
  STORY_PATHS,
  storyConsentText,
  type AdminSuccessStory,
  type PublicSuccessStory,
  type StoryConsentInput,
  type StoryItem,
  type StudentStory,
} from '../../../contract/stories.ts';
import { formatRupees } from '../../../contract/money.ts';
import { istToday } from '../../../contract/time.ts';
import type { Db } from '../../platform/db/connect.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAuditRepository } from '../../platform/db/audit.ts';
import { notFound, ValidationFailed } from '../../platform/lib/errors.ts';
import { inTransaction } from '../../platform/lib/transaction.ts';
import { itemConsentStates, itemPurpose, recordItemConsents } from '../privacy/service.ts';
import { storyRepository, type StoryRow } from './repositories/stories.ts';

/**
 * Success stories under the CCPA's coaching-sector guidelines (decision record 079). A story tells a verified
 * offer; it is published only with the written consent its student gave from their dashboard, after the
 * offer date, item by item (name, photo, company, CTC), recorded with the consent records; the course beside
 * it (title, duration, paid or free with the fee, batch) is read from the record, never typed. Everything is
 * read per request: a withdrawal takes the story off the list, the server-rendered page and the sitemap at
 * the next request.
 */

type Consent = Record<StoryItem, boolean>;
const NONE: Consent = { name: false, photo: false, company: false, ctc: false };
const purposeOf = (id: number, item: StoryItem) => itemPurpose('story', id, item);

/** Each story's live consent (events older than the story's last change do not count) and its time. */
async function consentsOf(db: Db, rows: StoryRow[]) {
  const states = await itemConsentStates(
    db,
    rows.flatMap((r) => (r.student_id ? [r.student_id] : [])),
    rows.flatMap((r) => STORY_ITEMS.map((item) => ({ purpose: purposeOf(r.id, item), since: r.changed_at ?? null }))),
  );
  return new Map(
    rows.map((r) => {
      const consent = { ...NONE };
      let at: string | null = null;
      for (const item of STORY_ITEMS) {
        const state = states.get(`${r.student_id}|${purposeOf(r.id, item)}`);
        consent[item] = state?.granted ?? false;
        if (state && (at === null || state.at > at)) at = state.at;
      }
      return [r.id, { consent, at }] as const;
    }),
  );
}

/** An uploaded photo's address; the stored name's start changes it when the photo is replaced (no stale cache). */
export const storyPhotoUrl = (id: number, file: string) => `${STORY_PATHS.photo(id)}?v=${file.slice(0, 8)}`;

/** The story with every item, then only those consented (an item not consented is left out, not emptied). */
function present(row: StoryRow, feePaise: number | undefined, consent: Consent): PublicSuccessStory {
  const story: PublicSuccessStory = {
    id: row.id,
    story: row.story,
    designation: row.offer_designation ?? row.designation,
    is_featured: Number(row.is_featured) === 1,
    course: {
      program_title: row.program_title ?? '',
      duration_weeks: Number(row.duration_weeks ?? 0),
      batch_name: row.batch_name ?? '',
      batch_starts_on: row.batch_starts_on ?? '',
      batch_ends_on: row.batch_ends_on ?? '',
      paid: (feePaise ?? 0) > 0,
      fee_paise: feePaise && feePaise > 0 ? feePaise : null,
    },
  };
  if (consent.name) story.student_name = row.student_name;
  const photo = row.photo_file ? storyPhotoUrl(row.id, row.photo_file) : row.photo;
  if (consent.photo && photo) story.photo = photo;
  if (consent.company) story.placement_company_name = row.employer_name ?? '';
  if (consent.ctc && row.annual_ctc !== null) story.annual_ctc = Number(row.annual_ctc);
  return story;
}

const anyConsent = (c: Consent) => STORY_ITEMS.some((item) => c[item]);

/** What each story's student paid for its program, in paise, looked up by `fee(row)`. */
async function feesOf(db: Db, rows: StoryRow[]) {
  const paid = await storyRepository(db).feesPaise(
    rows.flatMap((r) => (r.student_id && r.program_id ? [{ student: r.student_id, program: r.program_id }] : [])),
  );
  return (row: StoryRow) => paid.get(`${row.student_id}|${row.program_id}`);
}

function toStudentStory(row: StoryRow, fee: number | undefined, c: { consent: Consent; at: string | null }) {
  const all = { name: true, photo: true, company: true, ctc: true };
  return {
    preview: present(row, fee, all),
    consent: c.consent,
    published: anyConsent(c.consent),
    offer_date: row.offer_date ?? '',
    consented_at: c.at,
  } satisfies StudentStory;
}

const toAdmin = (r: StoryRow, consent: Consent): AdminSuccessStory => ({
  id: r.id,
  offer_id: r.offer_id ?? null,
  offer_label: r.offer_id ? `${r.first_name} ${r.last_name} · ${r.employer_name} · ${r.offer_designation}` : '',
  student_name: r.student_name,
  placement_company_name: r.placement_company_name,
  designation: r.designation,
  salary: r.salary,
  photo: r.photo ?? '',
  photo_uploaded: Boolean(r.photo_file),
  story: r.story,
  is_featured: Number(r.is_featured) === 1,
  published: r.offer_status === 'verified' && anyConsent(consent),
});

export function createStoryService(db: Db) {
  const repo = storyRepository(db);
  return {
    /** The public list: stories on verified offers with at least one item consented, those items only. */
    async publicList(featured?: boolean): Promise<PublicSuccessStory[]> {
      const rows = await repo.onVerifiedOffers(featured);
      const [consents, fees] = await Promise.all([consentsOf(db, rows), feesOf(db, rows)]);
      return rows.flatMap((row) => {
        const consent = consents.get(row.id)!.consent;
        if (!anyConsent(consent)) return [];
        return [present(row, fees(row), consent)];
      });
    },

    /** The office's list: what was typed, the offer told, and whether the story is published. */
    async adminList(): Promise<AdminSuccessStory[]> {
      const rows = await repo.all();
      const consents = await consentsOf(db, rows);
      return rows.map((r) => toAdmin(r, consents.get(r.id)!.consent));
    },

    /** One story as the office sees it (the admin writes' answer). */
    async adminOne(id: number): Promise<AdminSuccessStory | undefined> {
      const row = await repo.byId(id);
      return row ? toAdmin(row, (await consentsOf(db, [row])).get(row.id)!.consent) : undefined;
    },

    /**
     * A story's uploaded photo as the public may see it: only on a verified offer whose student consents to
     * the photo now (a withdrawal hides it from the next request); null otherwise.
     */
    async publishedPhoto(id: number): Promise<string | null> {
      const row = await repo.byId(id);
      if (!row?.photo_file || row.offer_status !== 'verified') return null;
      return (await consentsOf(db, [row])).get(row.id)!.consent.photo ? row.photo_file : null;
    },

    /**
     * The stories about the student, each as it would appear, with each item's consent; an uploaded photo's
     * address carries `preview(id, file)` (story-photos.ts: signed for them) so they see it before consenting.
     */
    async mine(student: UserRow, preview?: (id: number, file: string) => string): Promise<StudentStory[]> {
      const rows = await repo.ofStudent(student.id);
      const [consents, fees] = await Promise.all([consentsOf(db, rows), feesOf(db, rows)]);
      return rows.map((r) => {
        const story = toStudentStory(r, fees(r), consents.get(r.id)!);
        if (!preview || !r.photo_file || !story.preview.photo) return story;
        const photo = `${story.preview.photo}&preview=${preview(r.id, r.photo_file)}`;
        return { ...story, preview: { ...story.preview, photo } };
      });
    },

    /**
     * The student's written consent, item by item (all false withdraws it): only the story's own student
     * (anyone else, the office included, gets 404), only after the offer date; recorded with the consent
     * records (time, version, the exact statement) and audited.
     */
    setConsent: (student: UserRow, id: number, choice: StoryConsentInput): Promise<StudentStory> =>
      inTransaction(db, async (trx) => {
        const stories = storyRepository(trx);
        const row = await stories.byId(id);
        if (!row || row.student_id !== student.id || row.offer_status !== 'verified') throw notFound();
        const before = (await consentsOf(trx, [row])).get(row.id)!;
        const fees = await feesOf(trx, [row]);
        const current = toStudentStory(row, fees(row), before);
        if (anyConsent(choice) && istToday() < (row.offer_date ?? ''))
          throw new ValidationFailed({ non_field_errors: [STORY_MESSAGES.beforeOffer(row.offer_date ?? '')] });
        const text = storyConsentText(current.preview, choice);
        await recordItemConsents(
          trx,
          student.id,
          STORY_ITEMS.map((item) => ({ purpose: purposeOf(row.id, item), granted: choice[item] })),
          { version: STORY_CONSENT_VERSION, text, source: 'dashboard' },
        );
        await createAuditRepository(trx).record({
          actorId: student.id,
          action: 'update',
          entity: 'success_story_consent',
          entityId: row.id,
          changes: Object.fromEntries(
            STORY_ITEMS.filter((item) => before.consent[item] !== choice[item]).map((item) => [
              item,
              { from: before.consent[item], to: choice[item] },
            ]),
          ),
        });
        const after = (await consentsOf(trx, [row])).get(row.id)!;
        return { ...current, consent: after.consent, published: anyConsent(after.consent), consented_at: after.at };
      }),
  };
}

/**
 * What a story written by the office takes from the offer it tells: refused (400 at `offer_id`) unless the
 * offer exists and is verified. Company, designation and CTC come from the offer, never typed.
 */
export async function storyOfferFields(
  db: Db,
  offerId: number,
): Promise<{ placement_company_name: string; designation: string; salary: string }> {
  const offer = await storyRepository(db).offer(offerId);
  if (!offer) throw new ValidationFailed({ offer_id: [STORY_MESSAGES.offerMissing] });
  if (offer.status !== 'verified') throw new ValidationFailed({ offer_id: [STORY_MESSAGES.offerNotVerified] });
  return {
    placement_company_name: offer.employer_name,
    designation: offer.designation,
    salary: `${formatRupees(Number(offer.annual_ctc))} a year`,
  };
}

/** The newest change of a story or of a consent to one (the sitemap's lastmod of /placement). */
export const newestStoryChange = (db: Db) => storyRepository(db).newestChange();
