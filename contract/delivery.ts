import { z } from 'zod';
import { BATCH_MODES } from './enum-values.ts';
import { CertificateRef, Eligibility } from './certificates.ts';
import { OwnAttendance } from './teaching.ts';
import { CourseAssignment } from './assignments.ts';
import { istLocalToIso } from './time.ts';

/**
 * Course delivery: batches (cohorts) of a program, their live sessions, the program's modules and
 * lessons, and the student's course page (decision record 044). Shapes of answers and request bodies,
 * the paths, and the messages a person sees.
 */

type Id = number | string;
const P = ':id';

export const DELIVERY_PATHS = {
  adminBatches: '/api/admin/batches/',
  adminBatch: (id: Id = P) => `/api/admin/batches/${id}/`,
  adminBatchSessions: (id: Id = P) => `/api/admin/batches/${id}/sessions/`,
  adminSession: (id: Id = P) => `/api/admin/sessions/${id}/`,
  adminProgramModules: (id: Id = P) => `/api/admin/programs/${id}/modules/`,
  adminModule: (id: Id = P) => `/api/admin/modules/${id}/`,
  adminModuleLessons: (id: Id = P) => `/api/admin/modules/${id}/lessons/`,
  adminLesson: (id: Id = P) => `/api/admin/lessons/${id}/`,
  adminLessonFile: (id: Id = P) => `/api/admin/lessons/${id}/file/`,
  adminEnrollmentBatch: (id: Id = P) => `/api/admin/enrollments/${id}/batch/`,
  programBatches: (id: Id = P) => `/classroom/programs/${id}/batches/`,
  session: (id: Id = P) => `/classroom/sessions/${id}/`,
  lesson: (id: Id = P) => `/classroom/lessons/${id}/`,
  lessonFile: (id: Id = P) => `/classroom/lessons/${id}/file/`,
  lessonComplete: (id: Id = P) => `/classroom/lessons/${id}/complete/`,
  course: (id: Id = P) => `/classroom/enrollments/${id}/course/`,
  calendarReset: (id: Id = P) => `/classroom/enrollments/${id}/calendar/reset/`,
  calendarFeed: (token: string = ':token') => `/classroom/calendar/${token}/feed.ics`,
} as const;

export const DELIVERY_MESSAGES = {
  batchRequired: 'Choose a batch to join.',
  batchOfOtherProgram: 'This batch belongs to another program.',
  batchClosed: 'This batch is closed for enrollment. Choose another batch.',
  batchFull: 'This batch is full. Choose another batch.',
  batchEnded: 'This batch has ended. Choose another batch.',
  batchHasEnrollments:
    'This batch has enrollments, so it cannot be deleted. Close it instead (set is_open to false), or move its students first.',
  seatsBelowTaken: (taken: number) => `Seats cannot be fewer than the ${taken} already taken.`,
  moveSameProgram: 'A student can only move to another batch of the same program.',
  moveProgramOnly: 'Only a program enrollment belongs to a batch.',
  courseRevoked: 'Your access to this course has ended (the enrollment was cancelled or refunded).',
  lessonLocked: 'This lesson is for enrolled students. Enroll in the program to open it.',
  lessonLoginRequired: 'Log in to open this lesson.',
  noFile: 'This lesson has no file.',
  sessionNotYours: 'This live class is for the students and the instructor of its batch.',
  fileOnlyForDocuments: 'Only a document lesson takes a file.',
} as const;

/** When a session's meeting link opens: this many minutes before it starts, until it ends. */
export const MEETING_OPENS_MINUTES_BEFORE = 30;

const Ids = z.number().int().positive();
const dateOnly = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date, YYYY-MM-DD.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date.`);
const title = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'This text must be on one line, without control characters.')
    .min(1, `${label} is required.`)
    .max(200, `${label} must be at most 200 characters.`);
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'This text must be on one line, without control characters.')
    .max(max, `At most ${max} characters.`);
const webUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a web address starting with https://.');

export const BatchMode = z.enum(BATCH_MODES, { error: 'Mode must be one of: online, classroom, hybrid.' });
export type BatchMode = z.infer<typeof BatchMode>;
export const LESSON_KINDS = ['video', 'document', 'text', 'link'] as const;
export const LessonKind = z.enum(LESSON_KINDS, { error: 'Kind must be one of: video, document, text, link.' });
export type LessonKind = z.infer<typeof LessonKind>;

export const Batch = z.object({
  id: Ids,
  course: Ids,
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  seats: z.number().int().nonnegative(),
  seats_taken: z.number().int().nonnegative(),
  seats_left: z.number().int().nonnegative(),
  mode: BatchMode,
  location: z.string(),
  instructor: Ids.nullable(),
  is_open: z.boolean(),
});
export type Batch = z.infer<typeof Batch>;

/** What an enrollment shows of its batch. */
export const BatchRef = z.object({ id: Ids, name: z.string(), starts_on: z.string(), ends_on: z.string() });
export type BatchRef = z.infer<typeof BatchRef>;

const batchFields = {
  course: Ids.describe('program id'),
  name: title('Name'),
  starts_on: dateOnly('Start date'),
  ends_on: dateOnly('End date'),
  seats: z.number({ error: 'Seats must be a whole number.' }).int('Seats must be a whole number.').min(1).max(10000),
  mode: BatchMode,
  location: optionalLine(300),
  instructor: Ids.nullable(),
  is_open: z.boolean(),
};
const datesInOrder = (v: { starts_on?: string; ends_on?: string }) =>
  !v.starts_on || !v.ends_on || v.ends_on >= v.starts_on;
const DATES_ORDER = { message: 'The end date cannot be before the start date.', path: ['ends_on'] };
export const BatchInput = z
  .object({
    ...batchFields,
    location: batchFields.location.default(''),
    instructor: batchFields.instructor.default(null),
    is_open: batchFields.is_open.default(true),
  })
  .refine(datesInOrder, DATES_ORDER);
export type BatchInput = z.input<typeof BatchInput>;
export const BatchPatch = z
  .object(batchFields)
  .omit({ course: true })
  .partial()
  .strict()
  .refine(datesInOrder, DATES_ORDER);
export const BatchListQuery = z.object({ course: z.coerce.number().int().positive().optional() });

export const Session = z.object({
  id: Ids,
  batch: Ids,
  title: z.string(),
  /** ISO date-time with the IST offset (contract/time.ts, istIsoDateTime). */
  starts_at: z.string(),
  duration_minutes: z.number().int().positive(),
  location: z.string(),
  /** Only to the batch's people, from 30 minutes before the start until the end; else null. */
  meeting_url: z.string().nullable(),
  /** When the link opens (ISO, IST), shown while it is not yet open. */
  meeting_opens_at: z.string(),
});
export type Session = z.infer<typeof Session>;

// Patches take the fields without their defaults: an absent field keeps its value.
const sessionFields = {
  title: title('Title'),
  starts_at: z.iso.datetime({
    offset: true,
    error: `Start must be a date-time with its offset, e.g. ${istLocalToIso('2026-12-01T19:00')}.`,
  }),
  duration_minutes: z.number({ error: 'Duration must be a whole number of minutes.' }).int().min(5).max(600),
  location: optionalLine(300),
  meeting_url: webUrl,
};
export const SessionInput = z.object({
  ...sessionFields,
  location: sessionFields.location.default(''),
  meeting_url: sessionFields.meeting_url.default(''),
});
export const SessionPatch = z.object(sessionFields).partial().strict();

export const ModuleInput = z.object({ title: title('Title'), position: z.number().int().min(0).optional() });
export const ModulePatch = ModuleInput.partial().strict();
const lessonFields = {
  title: title('Title'),
  kind: LessonKind,
  body: z.string().max(100_000, 'At most 100,000 characters.'),
  url: webUrl,
  duration_minutes: z.number().int().min(1).max(1000).nullable(),
  is_preview: z.boolean(),
  position: z.number().int().min(0).optional(),
};
export const LessonInput = z.object({
  ...lessonFields,
  body: lessonFields.body.default(''),
  url: lessonFields.url.default(''),
  duration_minutes: lessonFields.duration_minutes.default(null),
  is_preview: lessonFields.is_preview.default(false),
});
export const LessonPatch = z.object(lessonFields).partial().extend({ module: Ids.optional() }).strict();
export const EnrollmentBatchInput = z.object({ batch: Ids });

export const Module = z.object({ id: Ids, program: Ids, title: z.string(), position: z.number().int() });
export const Lesson = z.object({
  id: Ids,
  module: Ids,
  program: Ids,
  title: z.string(),
  kind: LessonKind,
  body: z.string(),
  url: z.string(),
  /** Where the document is served (under the lesson's access rule), or null. */
  file: z.string().nullable(),
  file_name: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  is_preview: z.boolean(),
  position: z.number().int(),
  completed: z.boolean(),
});
export type Lesson = z.infer<typeof Lesson>;
export const Progress = z.object({ progress_percentage: z.number().int().min(0).max(100) });

export const CourseLesson = Lesson.pick({
  id: true,
  title: true,
  kind: true,
  duration_minutes: true,
  is_preview: true,
  completed: true,
});
export type CourseLesson = z.infer<typeof CourseLesson>;
export const Course = z.object({
  enrollment_id: Ids,
  program: z.object({ id: Ids, title: z.string() }),
  batch: Batch.nullable(),
  next_session: Session.nullable(),
  sessions: z.array(Session),
  modules: z.array(z.object({ id: Ids, title: z.string(), lessons: z.array(CourseLesson) })),
  progress_percentage: z.number().int().min(0).max(100),
  calendar_url: z.string(),
  /** The issued certificate (decision record 052), else null. */
  certificate: CertificateRef.nullable(),
  /** Progress toward the certificate, rule by rule; null without a batch (no certificate then). */
  eligibility: Eligibility.nullable(),
  /** The student's own marks, one per session attendance was taken for (decision record 050). */
  attendance: z.array(OwnAttendance),
  /** Sessions attended of the batch's sessions held (attendancePercentage); null when none held or no batch. */
  attendance_percentage: z.number().int().min(0).max(100).nullable(),
  /** The batch's assignments with the caller's submission state (decision record 051). */
  assignments: z.array(CourseAssignment),
});
export type Course = z.infer<typeof Course>;

/** A course's progress: lessons done of its lessons, as a whole percentage rounded down (0 without lessons). */
export const progressOf = (done: number, total: number): number => (total === 0 ? 0 : Math.floor((done * 100) / total));
