import { STAFF } from './class.ts';
import type { TableClass } from './class.ts';

/**
 * The tables that hold nothing about the person exporting (decision record 046): the catalogue the
 * institute publishes, its batches and lessons, and counters and settings. Part of PERSONAL_DATA.
 */

const CATALOGUE = 'catalogue content the institute publishes, not the data of the person exporting';
const COUNTER = 'a counter or setting with no person in it';

export const INSTITUTE_DATA: Record<string, TableClass> = {
  instalment_plans: {
    withheld: Object.fromEntries(
      ['id', 'program_id', 'name', 'schedule', 'total', 'is_active', 'created_at', 'updated_at'].map((c) => [
        c,
        CATALOGUE,
      ]),
    ),
  },
  faculty: {
    withheld: Object.fromEntries(
      [
        'id',
        'first_name',
        'last_name',
        'email',
        'expertise',
        'experience_years',
        'previous_companies',
        'bio',
        'linkedin_url',
        'is_featured',
        'created_at',
      ].map((c) => [c, CATALOGUE]),
    ),
  },
  success_stories: {
    withheld: Object.fromEntries(
      [
        'id',
        'student_name',
        'placement_company_name',
        'designation',
        'salary',
        'story',
        'is_featured',
        'created_at',
        'offer_id',
        'photo',
        'changed_at',
        'photo_file',
      ].map((c) => [c, CATALOGUE]),
    ),
  },
  testimonials: {
    withheld: Object.fromEntries(
      ['id', 'title', 'name', 'description', 'is_featured', 'created_at'].map((c) => [c, CATALOGUE]),
    ),
  },
  programs: {
    notPersonal: [
      'id',
      'title',
      'subtitle',
      'description',
      'level',
      'category',
      'target_audience',
      'price',
      'original_price',
      'duration_weeks',
      'avg_salary',
      'is_featured',
      'is_flagship',
      'is_active',
      'instructor_id',
      'created_at',
      'updated_at',
    ],
  },
  workshops: {
    notPersonal: [
      'id',
      'title',
      'description',
      'instructor_id',
      'date',
      'duration_hours',
      'price',
      'is_live',
      'current_participants',
      'max_participants',
      'is_active',
      'created_at',
      'updated_at',
    ],
  },
  resources: {
    notPersonal: [
      'id',
      'title',
      'description',
      'author_id',
      'resource_type',
      'external_url',
      'file',
      'is_featured',
      'created_at',
    ],
  },
  settings: { withheld: { key: COUNTER, value: 'server secrets (the JWT key)' } },
  totals: { notPersonal: ['entity', 'status', 'is_urgent', 'n', 'amount'] },
  catalogue_version: { notPersonal: ['id', 'version'] },
  payments_version: { notPersonal: ['id', 'version'] },
  document_counters: { notPersonal: ['series', 'financial_year', 'last_number'] },
  batches: {
    notPersonal: [
      ...['id', 'course_id', 'name', 'starts_on', 'ends_on', 'seats', 'seats_taken', 'mode', 'location'],
      ...['instructor_id', 'is_open', 'created_at', 'updated_at'],
    ],
  },
  batch_sessions: {
    notPersonal: [
      ...['id', 'batch_id', 'title', 'starts_at', 'duration_minutes', 'location', 'meeting_url'],
      ...['created_at', 'updated_at'],
    ],
  },
  assignments: {
    notPersonal: [
      ...['id', 'batch_id', 'title', 'instructions', 'due_at', 'max_marks', 'created_by'],
      ...['created_at', 'updated_at'],
    ],
  },
  course_modules: { notPersonal: ['id', 'program_id', 'title', 'position'] },
  lessons: {
    notPersonal: [
      ...['id', 'module_id', 'program_id', 'title', 'kind', 'body', 'url', 'file', 'file_name'],
      ...['duration_minutes', 'is_preview', 'position'],
    ],
  },
  revenue_totals: {
    notPersonal: ['grain', 'period', 'course_type', 'course_id', 'payments', 'gross', 'refunded', 'discount_paise'],
  },
  record_totals: {
    notPersonal: [...['entity', 'grain', 'period', 'status', 'course_type', 'course_id', 'is_urgent', 'refunded', 'n']],
  },
  counseling_totals: { notPersonal: ['status', 'assignee_id', 'n'] },
  // Placement (decision record 070). An offer is the student's; after an erasure it stays (the published
  // figures are counted from it) under the pseudonymised account, with no name of the student and no letter.
  placement_offers: {
    file: 'placement_offers',
    exported: [
      ...['id', 'batch_id', 'employer_id', 'designation', 'annual_ctc', 'offer_date', 'joining_date', 'status'],
      ...['verified_via', 'verified_at', 'consent_to_publish', 'created_at', 'updated_at'],
      ...['offer_letter_name', 'offer_letter_size'],
    ],
    withheld: {
      student_id: 'the account itself',
      offer_letter: 'the stored file’s random name (the letter itself is downloadable from the dashboard)',
      verified_by: STAFF,
      decision_note: STAFF,
      reported_by: 'who recorded the offer (the student or staff)',
    },
  },
  employers: {
    notPersonal: [
      ...['id', 'name', 'name_key', 'sector', 'website', 'is_partner', 'partner_reason', 'created_at', 'updated_at'],
      // The employer's HR contacts: their work addresses, no student's data.
      'hr_contacts',
    ],
  },
  // Openings and applications (decision record 078). An application is the student's: exported; on erasure
  // it stays under the pseudonymised account without the student's cover note and résumé.
  placement_openings: {
    notPersonal: [
      ...['id', 'employer_id', 'title', 'location', 'ctc_min', 'ctc_max', 'programs', 'batches', 'description'],
      ...['deadline', 'status', 'created_at', 'updated_at'],
    ],
  },
  placement_applications: {
    file: 'placement_applications',
    exported: [
      ...['id', 'opening_id', 'stage', 'interview_at', 'interview_mode', 'cover_note', 'created_at', 'updated_at'],
      ...['resume_name', 'resume_size'],
    ],
    withheld: {
      student_id: 'the account itself',
      resume: 'the stored file’s random name (the résumé itself is downloadable from the dashboard)',
    },
  },
  offer_confirmations: {
    notPersonal: ['id', 'offer_id', 'email', 'expires_at', 'used_at', 'created_by', 'created_at'],
    withheld: {
      token_hash: 'a hash of the employer’s link: a secret',
      link_nonce: 'what the employer’s link is derived from: a secret',
    },
  },
};
