import type { TableClass } from './personal-data.ts';

/**
 * The classification (see personal-data.ts) of the course-delivery and second-factor tables, kept beside
 * the main list so that each file stays readable; PERSONAL_DATA includes both.
 */

const COURSE = ['id', 'created_at', 'updated_at'];
const CATALOGUE = 'catalogue content the institute publishes, not the data of the person exporting';

/** The public catalogue: what the institute publishes (a faculty member's profile is theirs to publish). */
export const CATALOGUE_TABLES: Record<string, TableClass> = {
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
};

/** Batches, their sessions, modules and lessons are the institute's course content; progress is the student's. */
export const DELIVERY_TABLES: Record<string, TableClass> = {
  batches: {
    notPersonal: [
      ...COURSE,
      'course_id',
      'name',
      'starts_on',
      'ends_on',
      'seats',
      'seats_taken',
      'mode',
      'location',
      'is_open',
    ],
    withheld: { instructor_id: 'the batch’s instructor (staff), not the person exporting' },
  },
  batch_sessions: {
    notPersonal: [...COURSE, 'batch_id', 'title', 'starts_at', 'duration_minutes', 'location', 'meeting_url'],
  },
  course_modules: { notPersonal: ['id', 'program_id', 'title', 'position'] },
  lessons: {
    notPersonal: [
      'id',
      'module_id',
      'program_id',
      'title',
      'kind',
      'body',
      'url',
      'file',
      'file_name',
      'duration_minutes',
      'is_preview',
      'position',
    ],
  },
  lesson_completions: {
    file: 'lesson_progress',
    exported: ['lesson_id', 'completed_at'],
    withheld: { student_id: 'the account itself' },
  },
  session_reminders: {
    notPersonal: ['session_id', 'offset_hours', 'sent_at'],
    withheld: { student_id: 'bookkeeping that a class reminder went out; the email itself is in the outbox export' },
  },
};

const SECRET = 'a secret of the second factor: exporting it would let anyone who sees the file sign in';

/** The second factor: secrets and their bookkeeping, never exported (the account page shows what is on). */
export const SECOND_FACTOR_TABLES: Record<string, TableClass> = {
  totp_credentials: {
    withheld: {
      user_id: 'the account itself',
      secret_encrypted: SECRET,
      confirmed_at: 'second-factor bookkeeping (whether it is on is in profile)',
      last_step: 'second-factor bookkeeping (the last code’s time step, against replay)',
      created_at: 'second-factor bookkeeping',
    },
  },
  recovery_codes: {
    notPersonal: ['id'],
    withheld: {
      user_id: 'the account itself',
      code_hash: SECRET,
      used_at: 'second-factor bookkeeping',
      created_at: 'second-factor bookkeeping',
    },
  },
  auth_challenges: {
    notPersonal: ['purpose', 'attempts'],
    withheld: {
      token_hash: SECRET,
      user_id: 'the account itself',
      challenge: SECRET,
      expires_at: 'minutes-long sign-in bookkeeping',
      used_at: 'minutes-long sign-in bookkeeping',
      created_at: 'minutes-long sign-in bookkeeping',
    },
  },
  webauthn_credentials: {
    withheld: {
      id: 'a passkey’s identifier',
      user_id: 'the account itself',
      name: 'the passkey’s label',
      public_key: 'a passkey’s public key: useless to its owner outside this site',
      counter: 'a passkey’s signature counter',
      transports: 'how the passkey is reached',
      created_at: 'passkey bookkeeping',
      last_used_at: 'passkey bookkeeping',
    },
  },
};
